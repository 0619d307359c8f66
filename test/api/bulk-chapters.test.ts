import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as createPreset } from '@/app/api/presets/route';
import { callRoute } from '@/lib/auth/store.testkit';
import type { BulkStarted } from '@/lib/bulk/schemas';
import { services } from '@/lib/server';
import { chapterMediaUrlPath, TALK_CHAPTERS } from '@/test/fixtures/chapter-media';
import { batchFinished, batchZipAt, idOf, postBulk } from './bulk.testkit';
import { bodyOf, requestDownload, startDownloadEnv } from './download.testkit';
import { signUp } from './history.testkit';

/** A batch asked to split by chapters: each item with chapters is a ZIP of its chapters, as a single download's is. */
let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let outDir: string;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
  outDir = mkdtempSync(path.join(env.root, 'bulk-chapters-'));
}, 300_000);
afterAll(async () => env?.close());



/** Unpacks a ZIP; each file's name and its length by ffprobe (null for what is not a media file). */
function unzip(body: Buffer, name: string): { name: string; seconds: number | null }[] {
  const zip = path.join(outDir, `${name}.zip`);
  writeFileSync(zip, body);
  const out = path.join(outDir, name);
  execFileSync('/usr/bin/python3', ['-m', 'zipfile', '-e', zip, out]);
  return readdirSync(out).sort().map((file) => {
    if (file.endsWith('.zip')) return { name: file, seconds: null };
    const seconds = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path.join(out, file)], { encoding: 'utf8' });
    return { name: file, seconds: Number(seconds) };
  });
}

function expectChapterPieces(pieces: { name: string; seconds: number | null }[], ext: string) {
  expect(pieces.map((p) => p.name)).toEqual(TALK_CHAPTERS.map((c, i) => `0${i + 1} - ${c.title.replace(/:\s*/, ' ')}.${ext}`));
  pieces.forEach((piece, i) => {
    const chapter = TALK_CHAPTERS[i];
    expect(Math.abs(piece.seconds! - (chapter.end - chapter.start)), `${piece.name}: ${piece.seconds} s`).toBeLessThanOrEqual(0.15);
  });
}

async function start(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<BulkStarted> {
  const res = await postBulk(body, headers);
  const json = (await res.json()) as { data: BulkStarted };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.data;
}

describe('a batch split by chapters', () => {
  it('delivers the item with chapters as a ZIP of its chapters and the one without as one file; the batch ZIP holds both', async () => {
    const talk = `${env.site.origin}${chapterMediaUrlPath(20, 'talk.mp4')}?bulk=split`;
    const plain = `${env.site.origin}${chapterMediaUrlPath(20, 'plain.mp4')}?bulk=split`;
    const started = await start({ urls: [talk, plain], format: 'mp4', split: true });
    const batch = await batchFinished(started);
    const [withChapters, without] = batch.items;
    expect(withChapters.status, withChapters.message).toBe('completed');
    expect(without.status, without.message).toBe('completed');

    const link = new URL(withChapters.downloadUrl!, 'http://localhost');
    expect(link.searchParams.get('split')).toBe('1');
    const query = Object.fromEntries([...link.searchParams].filter(([k]) => k !== 'itag'));
    const res = await requestDownload(idOf(withChapters.downloadUrl!), link.searchParams.get('itag')!, { query });
    expect(res.headers.get('content-type')).toBe('application/zip');
    expectChapterPieces(unzip(await bodyOf(res), 'item-copy'), 'mp4');

    expect(new URL(without.downloadUrl!, 'http://localhost').searchParams.has('split')).toBe(false);

    const zipRes = await batchZipAt(started.zipUrl);
    expect(zipRes.status).toBe(200);
    const entries = unzip(await bodyOf(zipRes), 'batch-copy');
    expect(entries.map((e) => e.name)).toEqual(['plain.mp4', 'talk.zip']);
    expect(Math.abs(entries[0].seconds! - 20)).toBeLessThanOrEqual(0.15);
    expectChapterPieces(unzip(readFileSync(path.join(outDir, 'batch-copy', 'talk.zip')), 'batch-copy-talk'), 'mp4');
  }, 180_000);

  it('exact=true cuts each chapter exactly, and the batch stores the choice its retried items are made with', async () => {
    const talk = `${env.site.origin}${chapterMediaUrlPath(20, 'talk.m4a')}?bulk=exact`;
    const started = await start({ urls: [talk], format: 'mp3', split: true, exact: true });
    const batch = await batchFinished(started);
    const [item] = batch.items;
    expect(item.status, item.message).toBe('completed');
    const link = new URL(item.downloadUrl!, 'http://localhost');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ split: '1', exact: '1' });
    const query = Object.fromEntries([...link.searchParams].filter(([k]) => k !== 'itag'));
    const res = await requestDownload(idOf(item.downloadUrl!), link.searchParams.get('itag')!, { query });
    expectChapterPieces(unzip(await bodyOf(res), 'item-exact'), 'mp3');
    const stored = await services().bulk.getStored(started.batchId, { userId: null, key: new URL(started.statusUrl, 'http://localhost').searchParams.get('key') ?? undefined });
    expect(stored?.split).toBe('exact');
  }, 180_000);

  it('a preset that splits splits the batch that names it', async () => {
    const { cookie } = await signUp('bulk-chapters@example.com');
    const created = await callRoute(createPreset, '/api/presets', { body: { name: 'Per chapter', format: 'mp4', split: 'copy' }, headers: { cookie } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const started = await start({ urls: [`${env.site.origin}${chapterMediaUrlPath(20, 'talk.mp4')}?bulk=preset`], preset: 'Per chapter' }, { cookie });
    const [item] = (await batchFinished(started, { cookie })).items;
    expect(item.status, item.message).toBe('completed');
    expect(new URL(item.downloadUrl!, 'http://localhost').searchParams.get('split')).toBe('1');
  }, 180_000);

  it('a split that is not true or false is a clear 400', async () => {
    const res = await postBulk({ urls: [`${env.site.origin}${chapterMediaUrlPath(20, 'talk.mp4')}`], split: 'sometimes' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_request');
  });
});
