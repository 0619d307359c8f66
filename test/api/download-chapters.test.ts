import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import { readChapters } from '@/lib/media/chapters/read-chapters';
import type { Chapter } from '@/lib/media/chapters/chapters';
import { chapterMediaUrlPath, TALK_CHAPTERS } from '@/test/fixtures/chapter-media';
import { STUB_VIDEO_ID } from '@/test/fixtures/sponsorblock-stub';
import { CACHE_ROOT } from '@/test/fixtures/cache-dir';
import { analyze, bodyOf, requestDownload, sha256, startDownloadEnv } from './download.testkit';
import { saveAndProbe } from './media-probe.testkit';

/**
 * Chapters through the file link: kept in every container, shifted in a clip, split into a ZIP, and SponsorBlock's
 * segments (the fixture site speaks its API) marked as chapters or cut out — each read back with ffprobe.
 */
let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let outDir: string;
/** The talk without chapters, analysed first. */
let plain: AnalyzedMedia;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '1000' });
  process.env.SPONSORBLOCK_URL = env.site.origin;
  outDir = mkdtempSync(path.join(env.root, 'out-'));
  plain = await analyze(env.site, chapterMediaUrlPath(20, 'plain.mp4'));
}, 300_000);
afterAll(async () => env?.close());

const planOf = (media: AnalyzedMedia, container: string, kind: 'video' | 'audio') =>
  [...media.plans.values()].find((p) => p.container === container && p.kind === kind && !p.messaging)!;

async function fetchFile(media: AnalyzedMedia, itag: string, name: string, query: Record<string, string> = {}) {
  const res = await requestDownload(media.info.id, itag, { query });
  const body = await bodyOf(res);
  expect(res.status, body.subarray(0, 300).toString()).toBe(200);
  return { res, ...(await saveAndProbe(outDir, name, body)) };
}

function expectChapters(read: Chapter[], wanted: Chapter[]) {
  expect(read.map((c) => c.title)).toEqual(wanted.map((c) => c.title));
  read.forEach((c, i) => {
    expect(Math.abs(c.start - wanted[i].start), `${c.title} start`).toBeLessThanOrEqual(0.1);
    expect(Math.abs(c.end - wanted[i].end), `${c.title} end`).toBeLessThanOrEqual(0.1);
  });
}

describe('chapters of a file with chapters', () => {
  let media: AnalyzedMedia;
  beforeAll(async () => {
    media = await analyze(env.site, chapterMediaUrlPath(20, 'talk.mp4'));
  });

  it('are listed by the analysis', () => {
    expect(media.info.chapters?.map((c) => c.title)).toEqual(TALK_CHAPTERS.map((c) => c.title));
  });

  it.each([['mp4', 'video'], ['webm', 'video'], ['m4a', 'audio'], ['mp3', 'audio']] as const)('are written into the %s file', async (container, kind) => {
    const plan = planOf(media, container, kind);
    expect(plan, `${container} offer`).toBeDefined();
    const { file } = await fetchFile(media, plan.itag, `whole.${plan.ext}`);
    expectChapters(await readChapters(file), TALK_CHAPTERS);
  });

  it.each([['mp4', 'video'], ['mp3', 'audio']] as const)('survive the loudness pass in the %s file', async (container, kind) => {
    const plan = planOf(media, container, kind);
    const { file } = await fetchFile(media, plan.itag, `loud.${plan.ext}`, { loudness: 'podcast' });
    expectChapters(await readChapters(file), TALK_CHAPTERS);
  });

  it('a clip keeps those inside its range, shifted', async () => {
    const { file, probe } = await fetchFile(media, planOf(media, 'mp4', 'video').itag, 'clip.mp4', { start: '3', end: '13', exact: '1' });
    expect(Number(probe.format.duration)).toBeCloseTo(10, 0);
    expectChapters(await readChapters(file), [
      { start: 0, end: 1, title: 'Intro' }, { start: 1, end: 8, title: 'Part one: the setup' }, { start: 8, end: 10, title: 'الجزء الثاني' },
    ]);
  });

  it.each([['copy', {}], ['exact', { exact: '1' }]] as const)('split (%s) is a ZIP named after the media, one numbered file per chapter', async (mode, extra) => {
    for (const [container, kind] of [['m4a', 'audio'], ['mp3', 'audio'], ['webm', 'video'], ['mp4', 'video']] as const) {
      const plan = planOf(media, container, kind);
      const res = await requestDownload(media.info.id, plan.itag, { query: { split: '1', ...extra } });
      const body = await bodyOf(res);
      expect(res.status, body.subarray(0, 300).toString()).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toContain('talk.zip');
      const zip = path.join(outDir, `split-${mode}-${container}.zip`);
      writeFileSync(zip, body);
      const out = path.join(outDir, `split-${mode}-${container}`);
      execFileSync('/usr/bin/python3', ['-m', 'zipfile', '-e', zip, out]);
      const names = readdirSync(out).sort();
      expect(names).toEqual(TALK_CHAPTERS.map((c, i) => `0${i + 1} - ${c.title.replace(/:\s*/, ' ')}.${plan.ext}`));
      names.forEach((name, i) => {
        const seconds = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path.join(out, name)], { encoding: 'utf8' }));
        const chapter = TALK_CHAPTERS[i];
        expect(Math.abs(seconds - (chapter.end - chapter.start)), `${name}: ${seconds} s`).toBeLessThanOrEqual(0.15);
      });
    }
  });
});

describe('a file without chapters', () => {
  it('is not split: a clear 400', async () => {
    const media = plain;
    expect(media.info.chapters).toBeUndefined();
    const res = await requestDownload(media.info.id, planOf(media, 'mp4', 'video').itag, { query: { split: '1' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_request');
  });
});

describe('SponsorBlock on a YouTube video', () => {
  /** The talk, as if it were the YouTube video the stub SponsorBlock knows. */
  async function youtubeTalk(tag: string): Promise<AnalyzedMedia> {
    const media = await analyze(env.site, `${chapterMediaUrlPath(20, 'talk.mp4')}?as=${tag}`);
    Object.assign(media.extraction, { platform: 'youtube', id: STUB_VIDEO_ID });
    return media;
  }

  it('marks sponsor, self-promotion and interaction reminders as chapters by default', async () => {
    const media = await youtubeTalk('mark');
    const { file } = await fetchFile(media, planOf(media, 'mp4', 'video').itag, 'marked.mp4');
    expectChapters(await readChapters(file), [
      { start: 0, end: 4, title: 'Intro' }, { start: 4, end: 5, title: 'Part one: the setup' }, { start: 5, end: 8, title: 'Sponsor' },
      { start: 8, end: 11, title: 'Part one: the setup' }, { start: 11, end: 12.5, title: 'الجزء الثاني' }, { start: 12.5, end: 13.5, title: 'Interaction reminder' },
      { start: 13.5, end: 16, title: 'الجزء الثاني' }, { start: 16, end: 17, title: 'Outro' }, { start: 17, end: 18, title: 'Self-promotion' }, { start: 18, end: 20, title: 'Outro' },
    ]);
  });

  it('removes segments for good: shorter by their length, sound and picture together, chapters moved up', async () => {
    const media = await youtubeTalk('remove');
    const { file, probe } = await fetchFile(media, planOf(media, 'mp4', 'video').itag, 'removed.mp4', { sponsorMark: '', sponsorRemove: 'sponsor,interaction,selfpromo' });
    expect(Math.abs(Number(probe.format.duration) - 15)).toBeLessThanOrEqual(0.2);
    const [video, audio] = ['video', 'audio'].map((type) => Number(probe.streams.find((s) => s.codec_type === type)!.duration));
    expect(Math.abs(video - audio)).toBeLessThanOrEqual(0.1);
    expectChapters(await readChapters(file), [
      { start: 0, end: 4, title: 'Intro' }, { start: 4, end: 8, title: 'Part one: the setup' }, { start: 8, end: 12, title: 'الجزء الثاني' }, { start: 12, end: 15, title: 'Outro' },
    ]);
  });

  it('a video SponsorBlock has no segments for still streams from the origin as it is', async () => {
    const media = await analyze(env.site, `${chapterMediaUrlPath(20, 'plain.mp4')}?as=unknown`);
    Object.assign(media.extraction, { platform: 'youtube', id: 'aaaaaaaaaaa' });
    const plan = planOf(media, 'mp4', 'video');
    expect(plan.action).toBe('passthrough');
    const res = await requestDownload(media.info.id, plan.itag);
    expect(res.status).toBe(200);
    expect(sha256(await bodyOf(res))).toBe(sha256(readFileSync(path.join(CACHE_ROOT, 'chapters', '20', 'plain.mp4'))));
  });

  it('down, it never fails the download: the file is made without segments', async () => {
    process.env.SPONSORBLOCK_URL = 'http://127.0.0.1:9';
    try {
      const media = await youtubeTalk('down');
      const { file, probe } = await fetchFile(media, planOf(media, 'm4a', 'audio').itag, 'down.m4a', { sponsorRemove: 'sponsor' });
      expect(Number(probe.format.duration)).toBeCloseTo(20, 0);
      expectChapters(await readChapters(file), TALK_CHAPTERS);
    } finally {
      process.env.SPONSORBLOCK_URL = env.site.origin;
    }
  });
});
