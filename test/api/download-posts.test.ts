import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as zipGet } from '@/app/api/download/[id]/zip/route';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { screenSources, screenThumbnails } from '@/lib/media/analyze/screen-sources';
import { firstStream } from '@/lib/media/ffmpeg';
import type { YtdlpInfo } from '@/lib/media/ytdlp/types';
import { mapYtdlpInfo } from '@/lib/media/ytdlp/map-info';
import { FIXTURE_SITE_DIR } from '@/test/fixtures/media';
import { bodyOf, probeBody, requestDownload, sha256, startDownloadEnv } from './download.testkit';

const run = promisify(execFile);

/**
 * Multi-item posts end to end: a recorded yt-dlp info dict of each shape goes through the same conversion the
 * yt-dlp engine's answers take (mapYtdlpInfo, then the guard's screening), then every item is downloaded through
 * GET /api/download/{id}?itag=&item= and the whole post through GET /api/download/{id}/zip, and each file is
 * checked with ffprobe (media) or byte for byte (photos, passed through as they are).
 */
let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let outDir: string;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
  outDir = mkdtempSync(path.join(env.root, 'posts-'));
});
afterAll(() => env?.close());

function recorded(name: string): YtdlpInfo {
  const text = readFileSync(path.join(process.cwd(), 'test', 'fixtures', 'ytdlp-info', `${name}.json`), 'utf8');
  return JSON.parse(text.replaceAll('{{origin}}', env.site.origin)) as YtdlpInfo;
}

/** Analyses `url` as the yt-dlp engine would, with `info` standing for what the worker printed. */
function analyzeRecorded(url: string, info: YtdlpInfo): Promise<AnalyzedMedia> {
  return analyzeMedia(url, { engine: 'ytdlp' }, {
    native: () => Promise.reject(new Error('the native engine must not be asked')),
    ytdlp: async (_url, recognition) => screenThumbnails(await screenSources(mapYtdlpInfo(info, recognition.platform))),
  });
}

const originFile = (url: string) => readFile(path.join(FIXTURE_SITE_DIR, new URL(url).pathname));

interface Expected {
  /** ffprobe's streams, or 'image' for a photo that must arrive byte for byte */
  kind: 'image' | 'video' | 'audio';
  ext: string;
  duration?: number;
  height?: number;
  /** false: offered on its own, not in the post's ZIP (a slideshow as one video) */
  inZip?: boolean;
}

async function checkFile(name: string, body: Buffer, expected: Expected, imageUrl?: string): Promise<void> {
  if (expected.kind === 'image') {
    expect(sha256(body), `${name}: the photo as the platform serves it`).toBe(sha256(await originFile(imageUrl!)));
    return;
  }
  const probe = await probeBody(outDir, name, body);
  expect(Math.abs(probe.duration - expected.duration!), `${name} duration ${probe.duration}`).toBeLessThanOrEqual(0.25);
  const video = firstStream(probe, 'video');
  const audio = firstStream(probe, 'audio');
  if (expected.kind === 'video') {
    expect(probe.formatName).toMatch(/mp4/);
    expect(video?.codecName).toBe('h264');
    expect(video?.height).toBe(expected.height);
    expect(audio?.codecName).toBe('aac');
  } else {
    expect(video).toBeUndefined();
    expect(audio?.codecName).toBe('mp3');
  }
}

/** Downloads every item's default offer by `?item=`, then the ZIP; unzips it and checks each file again. */
async function downloadAll(media: AnalyzedMedia, expected: Expected[], label: string): Promise<void> {
  const items = media.info.items!;
  expect(items.map((item) => item.formats[0].ext)).toEqual(expected.map((e) => e.ext));
  const imageUrl = (index: number) => media.extraction.items![index].sources.find((s) => s.isImage)?.url;
  for (const [index, item] of items.entries()) {
    const itag = item.formats[0].itag;
    const bare = itag.replace(/^i\d+-/, '');
    const res = await requestDownload(media.info.id, bare, { item: item.id, ext: item.formats[0].ext });
    expect(res.status, `${label} item ${index}: ${res.status}`).toBe(200);
    await checkFile(`${label}-${index}.${item.formats[0].ext}`, await bodyOf(res), expected[index], imageUrl(index));
  }

  const res = await zipGet(new NextRequest(`http://localhost/api/download/${media.info.id}/zip`), {
    params: Promise.resolve({ id: media.info.id }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.zip"/);
  const zipFile = path.join(outDir, `${label}.zip`);
  await writeFile(zipFile, await bodyOf(res));
  await run('unzip', ['-tq', zipFile]); // every CRC checks out
  const unzipDir = mkdtempSync(path.join(outDir, `${label}-unzipped-`));
  await run('unzip', ['-q', zipFile, '-d', unzipDir]);
  const { stdout } = await run('unzip', ['-Z1', zipFile]);
  const names = stdout.trim().split('\n');
  const zipped = expected.filter((e) => e.inZip !== false);
  expect(names).toHaveLength(zipped.length);
  expect((await readdir(unzipDir)).sort()).toEqual([...names].sort());
  for (const [index, name] of names.entries()) {
    expect(name.endsWith(`.${zipped[index].ext}`), name).toBe(true);
    await checkFile(`${label}-zip-${name}`, await readFile(path.join(unzipDir, name)), zipped[index], imageUrl(index));
  }
}

describe('multi-item posts from recorded yt-dlp answers', () => {
  it('an Instagram carousel of a video, a photo and a DASH video: each item, then all as one ZIP', async () => {
    const media = await analyzeRecorded('https://www.instagram.com/p/DBxQmT3sYk2/', recorded('instagram-carousel-mixed'));
    expect(media.info).toMatchObject({ platform: 'instagram', kind: 'post', title: 'Post by travelgram' });
    expect(media.info.items?.map((item) => [item.id, item.duration])).toEqual([
      ['DBxQmRxsAb1', 6],
      ['DBxQmSbsCd2', 0],
      ['DBxQmTasEf3', 8],
    ]);
    // every slide is "Video by travelgram" in yt-dlp's answer: the items are named after the post and their place
    expect(media.info.items?.map((item) => item.title)).toEqual(['Post by travelgram #1', 'Post by travelgram #2', 'Post by travelgram #3']);
    // the photo slide is its largest picture, sent with Instagram's Referer
    const photo = media.extraction.items![1].sources;
    expect(photo).toHaveLength(1);
    expect(photo[0]).toMatchObject({ isImage: true, container: 'png', width: 800, height: 600 });
    expect(photo[0].httpHeaders?.Referer).toBe('https://www.instagram.com/');
    await downloadAll(media, [
      { kind: 'video', ext: 'mp4', duration: 6, height: 720 },
      { kind: 'image', ext: 'png' },
      { kind: 'video', ext: 'mp4', duration: 8, height: 360 },
    ], 'instagram');
  }, 120_000);

  it('a TikTok photo slideshow: its three pictures and its sound, each and as one ZIP; and the whole as one video', async () => {
    const media = await analyzeRecorded('https://www.tiktok.com/@alpinedays/photo/7439120345678901234', recorded('tiktok-slideshow'));
    expect(media.info).toMatchObject({ platform: 'tiktok', kind: 'photo' });
    expect(media.info.items?.map((item) => item.id)).toEqual(
      [1, 2, 3].map((n) => `7439120345678901234-${n}`).concat('7439120345678901234-sound', '7439120345678901234-video'),
    );
    expect(media.info.items?.at(-1)).toMatchObject({
      title: 'weekend in the mountains 🏔️ #photomode #hiking - video', duration: 5,
      formats: [{ ext: 'mp4', quality: '1080p', format_note: 'slideshow, H.264 + AAC' }],
    });
    await downloadAll(media, [
      { kind: 'image', ext: 'jpg' },
      { kind: 'image', ext: 'png' },
      { kind: 'image', ext: 'webp' },
      { kind: 'audio', ext: 'mp3', duration: 5 },
      // the three pictures over the 5 s of sound, in the first picture's square shape
      { kind: 'video', ext: 'mp4', duration: 5, height: 1080, inZip: false },
    ], 'tiktok');
  }, 120_000);

  it('an X post with two videos (HLS variants, a progressive MP4): each video, then both as one ZIP', async () => {
    const media = await analyzeRecorded('https://x.com/NASA/status/1991234567890123456', recorded('x-multi-video'));
    expect(media.info).toMatchObject({ platform: 'twitter', kind: 'post', title: "NASA - Two views of this morning's launch" });
    expect(media.info.items?.map((item) => item.title)).toEqual([
      "NASA - Two views of this morning's launch #1",
      "NASA - Two views of this morning's launch #2",
    ]);
    await downloadAll(media, [
      { kind: 'video', ext: 'mp4', duration: 8, height: 720 },
      { kind: 'video', ext: 'mp4', duration: 6, height: 720 },
    ], 'x');
  }, 120_000);

  it('holds one of the caller\'s download slots while the archive streams, and gives it back at its end', async () => {
    const media = await analyzeRecorded('https://x.com/NASA/status/1991234567890123456', recorded('x-multi-video'));
    process.env.MAX_DOWNLOADS_PER_IP = '1';
    try {
      const id = media.info.id;
      const zip = await zipGet(new NextRequest(`http://localhost/api/download/${id}/zip`), { params: Promise.resolve({ id }) });
      expect(zip.status).toBe(200);
      const single = await requestDownload(id, media.info.items![1].formats[0].itag);
      expect(single.status).toBe(429);
      expect(await single.json()).toMatchObject({ code: 'too_many_downloads' });
      await bodyOf(zip);
      const after = await requestDownload(id, media.info.items![1].formats[0].itag);
      expect(after.status).toBe(200);
      await bodyOf(after);
    } finally {
      process.env.MAX_DOWNLOADS_PER_IP = '100';
    }
  }, 60_000);

  it('refuses a ZIP of media that is not a post with several items, and of an expired analysis', async () => {
    const single = await analyzeMedia(`${env.site.origin}/video.mp4`, { engine: 'native' });
    const zip = (id: string) => zipGet(new NextRequest(`http://localhost/api/download/${id}/zip`), { params: Promise.resolve({ id }) });
    const notPost = await zip(single.info.id);
    expect(notPost.status).toBe(400);
    expect(await notPost.json()).toMatchObject({ success: false, code: 'invalid_request' });
    const gone = await zip('AAAAAAAAAAAAAAAA');
    expect(gone.status).toBe(404);
  });
});
