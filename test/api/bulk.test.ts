import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as getBatch } from '@/app/api/bulk/[batchId]/route';
import { GET as getZip } from '@/app/api/bulk/[batchId]/zip/route';
import type { BulkBatch, BulkStarted } from '@/lib/bulk/schemas';
import { closeDb } from '@/lib/db';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { batchFinished, batchZipAt, postBulk, readBatch, readBatchAt } from './bulk.testkit';
import { signUp } from './history.testkit';

let site: FixtureSite;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-bulk-'));
  process.env.DATA_DIR = dataDir;
  process.env.TEMP_DIR = path.join(dataDir, 'tmp');
  site = await startFixtureSite();
  process.env.MEDIA_FETCH_ALLOW = `127.0.0.1:${site.port}`;
});

afterAll(async () => {
  await getYtdlpPool().close();
  await site?.close();
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.MEDIA_FETCH_ALLOW;
  delete process.env.TEMP_DIR;
});

const at = (p: string) => `${site.origin}${p}`;

async function start(body: unknown): Promise<BulkStarted> {
  const res = await postBulk(body);
  const json = (await res.json()) as { success: boolean; data: BulkStarted };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.data;
}


describe('POST /api/bulk → GET /api/bulk/{id} → GET /api/bulk/{id}/zip', () => {
  it('runs three links, one bad: the bad one fails with its reason, the others complete and zip', async () => {
    const urls = [at('/video.mp4'), at('/pages/no-media.html'), at('/hls/master.m3u8')];
    const started = await start({ urls: ['', ...urls.map((u) => `  ${u} `), '   '], quality: '720p', format: 'mp4' });
    const { batchId } = started;
    const first = await readBatch(started);
    expect(first.total).toBe(3);
    expect(first.items.map((item) => item.url)).toEqual(urls);
    for (const item of first.items.filter((i) => i.status === 'pending')) expect(item.message).toBe('Queued for processing');

    const batch = await batchFinished(started);
    expect(batch.items.map((item) => item.status)).toEqual(['completed', 'failed', 'completed']);
    expect(batch.items[1]).toMatchObject({ message: 'No downloadable media found at this link', code: 'no_media' });
    for (const item of [batch.items[0], batch.items[2]]) {
      expect(item).toMatchObject({ progress: 100, message: 'Ready for download' });
      expect(item.downloadUrl).toMatch(/^\/api\/download\/[\w-]+\?itag=[^&]+&ext=mp4$/);
    }

    // The id alone opens nothing: neither the batch (with its source URLs) nor its ZIP.
    for (const url of [`/api/bulk/${batchId}`, `/api/bulk/${batchId}?key=${batchId}`, `${started.statusUrl.slice(0, -2)}xx`]) {
      const res = await readBatchAt(url);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, error: 'Batch not found', code: 'not_found' });
    }
    expect((await batchZipAt(`/api/bulk/${batchId}/zip`)).status).toBe(404);
    expect((await batchZipAt(`/api/bulk/${batchId}/zip?key=${batchId}`)).status).toBe(404);

    const res = await batchZipAt(started.zipUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="grabline-${batchId}.zip"`);
    const zip = path.join(dataDir, 'batch.zip');
    writeFileSync(zip, Buffer.from(await res.arrayBuffer()));
    const out = path.join(dataDir, 'unzipped');
    execFileSync('/usr/bin/python3', ['-m', 'zipfile', '-e', zip, out]);
    const names = readdirSync(out).sort();
    expect(names).toHaveLength(2);
    for (const name of names) {
      expect(name).toMatch(/\.mp4$/);
      const probe = JSON.parse(
        execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=format_name,duration', '-of', 'json', path.join(out, name)], { encoding: 'utf8' }),
      ) as { format: { format_name: string; duration: string } };
      expect(probe.format.format_name).toContain('mp4');
      expect(Number(probe.format.duration)).toBeGreaterThan(0);
    }
  }, 120_000);

  it('a channel link becomes its videos, in its place', async () => {
    const batch = await batchFinished(await start({ urls: [at('/pages/channel.html'), at('/video.mp4')], quality: '360p', format: 'mp4' }));
    expect(batch.items.map((item) => item.url)).toEqual([
      ...['og-video', 'jsonld-video', 'video-tag', 'twitter-player'].map((p) => at(`/pages/${p}.html`)),
      at('/video.mp4'),
    ]);
    expect(batch.total).toBe(5);
    expect(batch.items.every((item) => item.status === 'completed')).toBe(true);
  }, 120_000);

  it('mp3 gives audio files', async () => {
    const batch = await batchFinished(await start({ urls: [at('/video.mp4')], quality: '1080p', format: 'mp3' }));
    expect(batch.items[0]).toMatchObject({ status: 'completed' });
    expect(batch.items[0].downloadUrl).toMatch(/&ext=mp3$/);
  }, 60_000);

  it('an audio link in an MP4 batch gets its audio instead of failing', async () => {
    const started = await start({ urls: [at('/audio.mp3'), at('/video.mp4')], quality: '720p', format: 'mp4' });
    const batch = await batchFinished(started);
    expect(batch.items.map((item) => item.status)).toEqual(['completed', 'completed']);
    expect(batch.items[0].downloadUrl).toMatch(/&ext=(mp3|m4a)$/);
    expect(batch.items[1].downloadUrl).toMatch(/&ext=mp4$/);
    const res = await batchZipAt(started.zipUrl);
    const zip = path.join(dataDir, 'audio-batch.zip');
    writeFileSync(zip, Buffer.from(await res.arrayBuffer()));
    const out = path.join(dataDir, 'audio-unzipped');
    execFileSync('/usr/bin/python3', ['-m', 'zipfile', '-e', zip, out]);
    const audioFile = readdirSync(out).find((name) => /\.(mp3|m4a)$/.test(name));
    expect(audioFile).toBeDefined();
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name:format=duration', '-of', 'json', path.join(out, audioFile!)], { encoding: 'utf8' }),
    ) as { streams: { codec_type: string; codec_name: string }[]; format: { duration: string } };
    expect(probe.streams.map((stream) => stream.codec_type)).toEqual(['audio']);
    expect(Number(probe.format.duration)).toBeGreaterThan(0);
  }, 120_000);

  it('refuses an empty list (at least one URL), and more than 50 links', async () => {
    for (const urls of [[], ['', '   '], 'nope']) {
      const res = await postBulk({ urls, quality: '720p', format: 'mp4' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, error: 'urls: Please enter at least one URL' });
    }
    const tooMany = await postBulk({ urls: Array.from({ length: 51 }, (_, i) => at(`/video.mp4?n=${i}`)) });
    expect(tooMany.status).toBe(400);
    const badQuality = await postBulk({ urls: [at('/video.mp4')], quality: '4k' });
    expect(badQuality.status).toBe(400);
  });

  it('a signed-in user’s batch answers that user only; another account and an anonymous caller get 404', async () => {
    const ada = await signUp('ada-bulk@example.com');
    const bob = await signUp('bob-bulk@example.com');
    const res = await postBulk({ urls: [at('/video.mp4?owner=1')], quality: '360p', format: 'mp4' }, { cookie: ada.cookie });
    const started = ((await res.json()) as { data: BulkStarted }).data;
    expect(started.statusUrl).toBe(`/api/bulk/${started.batchId}`);
    expect((await readBatchAt(started.statusUrl, { cookie: ada.cookie })).status).toBe(200);
    for (const headers of [{ cookie: bob.cookie }, {}] as Record<string, string>[]) {
      expect((await readBatchAt(started.statusUrl, headers)).status).toBe(404);
      expect((await batchZipAt(started.zipUrl, headers)).status).toBe(404);
    }
    for (let i = 0; i < 600; i++) {
      const batch = ((await (await readBatchAt(started.statusUrl, { cookie: ada.cookie })).json()) as { data: BulkBatch }).data;
      if (batch.done) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const zip = await batchZipAt(started.zipUrl, { cookie: ada.cookie });
    expect(zip.status).toBe(200);
    await zip.body?.cancel();
  }, 60_000);

  it('answers 404 for an unknown batch, and for its ZIP', async () => {
    const res = await getBatch(new NextRequest('http://localhost/api/bulk/batch_nope'), { params: Promise.resolve({ batchId: 'batch_nope' }) });
    expect(res.status).toBe(404);
    const zip = await getZip(new NextRequest('http://localhost/api/bulk/batch_nope/zip'), { params: Promise.resolve({ batchId: 'batch_nope' }) });
    expect(zip.status).toBe(404);
  });
});
