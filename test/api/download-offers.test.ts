import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferPlan } from '@/lib/media/offers';
import { firstStream } from '@/lib/media/ffmpeg';
import { FIXTURE_SITE_DIR } from '@/test/fixtures/media';
import { analyze, bodyOf, moovBeforeMdat, probeBody, requestDownload, sha256, startDownloadEnv } from './download.testkit';

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let outDir: string;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
  outDir = mkdtempSync(path.join(env.root, 'out-'));
});
afterAll(() => env?.close());

/** What each container must hold, by ffprobe's codec names. */
const VIDEO_CODEC: Record<string, string> = { mp4: 'h264', webm: 'vp9' };
const AUDIO_CODEC: Record<string, string> = { mp4: 'aac', webm: 'opus', mp3: 'mp3', m4a: 'aac', wav: 'pcm_s16le', ogg: 'opus' };
const CONTAINER_FORMAT: Record<string, RegExp> = {
  mp4: /mp4/, m4a: /mp4|m4a/, webm: /webm/, mp3: /^mp3$/, wav: /^wav$/, ogg: /^ogg$/,
};

const FIXTURES: { path: string; duration?: number; offers: number }[] = [
  { path: '/video.mp4', offers: 8 },
  // No file for messaging: at the messaging bitrate it would come out larger than this small WebM.
  { path: '/video.webm', offers: 7 },
  { path: '/audio.mp3', offers: 4 },
  { path: '/audio.m4a', offers: 4 },
  { path: '/image.jpg', offers: 1 },
  { path: '/hls/master.m3u8', offers: 10 },
  { path: '/hls-muxed/master.m3u8', offers: 10 },
  { path: '/hls-aes/master.m3u8', offers: 7 },
  { path: '/dash/manifest.mpd', offers: 9 },
  { path: '/dash-timeline/manifest.mpd', offers: 9 },
  { path: '/dash-single/manifest.mpd', offers: 9 },
  // its video item's thumbnail (itag i<n>-thumb, a JPEG) and its file for messaging are offers too
  { path: '/pages/carousel.html', offers: 12 },
];

async function originBytes(plan: OfferPlan): Promise<Buffer> {
  const source = plan.image ?? plan.video ?? plan.audio!;
  return readFile(path.join(FIXTURE_SITE_DIR, new URL(source.url).pathname));
}

async function checkOffer(mediaId: string, plan: OfferPlan, expectedDuration: number, item?: string): Promise<void> {
  const res = await requestDownload(mediaId, plan.itag, { ext: plan.ext });
  expect(res.status, `${plan.itag}: ${res.status}`).toBe(200);
  const body = await bodyOf(res);
  expect(Number(res.headers.get('content-length'))).toBe(body.length);
  if (plan.action === 'passthrough') {
    expect(sha256(body), `${plan.itag} passthrough must be byte-identical`).toBe(sha256(await originBytes(plan)));
  }
  if (plan.kind === 'image') return;
  const probe = await probeBody(outDir, `${mediaId}-${plan.itag}`, body);
  expect(probe.formatName).toMatch(CONTAINER_FORMAT[plan.container]);
  expect(Math.abs(probe.duration - expectedDuration), `${item ?? ''}${plan.itag} duration ${probe.duration}`).toBeLessThanOrEqual(0.2);
  const video = firstStream(probe, 'video');
  const audio = firstStream(probe, 'audio');
  if (plan.kind === 'video') {
    expect(video?.codecName).toBe(VIDEO_CODEC[plan.container]);
    expect(video?.pixFmt).toBe('yuv420p');
    // The messaging file is scaled down to its label; every other offer keeps the source's picture.
    expect(video?.height).toBe(plan.messaging ? plan.height : (plan.video!.height ?? plan.height));
    if (!plan.messaging) expect(video?.width).toBe(plan.video!.width);
  } else {
    expect(video).toBeUndefined();
  }
  if (plan.kind === 'audio' || plan.audio) expect(audio?.codecName).toBe(AUDIO_CODEC[plan.container]);
  else expect(audio).toBeUndefined();
  if (plan.container === 'mp4' || plan.container === 'm4a') expect(moovBeforeMdat(body), `${plan.itag} faststart`).toBe(true);
}

describe('GET /api/download/{id}: every offer of every fixture kind', () => {
  it.each(FIXTURES)('$path', async ({ path: urlPath, offers }) => {
    const media = await analyze(env.site, urlPath);
    expect(media.plans.size).toBe(offers);
    const plans = [...media.plans.values()];
    // Four at a time: real concurrency without making the slowest encode wait on thirty others.
    for (let i = 0; i < plans.length; i += 4) {
      await Promise.all(
        plans.slice(i, i + 4).map((plan) => {
          const itemIndex = /^i(\d+)-/.exec(plan.itag)?.[1];
          const item = itemIndex === undefined ? undefined : media.info.items![Number(itemIndex)];
          const duration = item ? item.duration : media.info.duration;
          return checkOffer(media.info.id, plan, duration, item ? `${item.id}:` : undefined);
        }),
      );
    }
  }, 180_000);

  it('picks an item of a post with ?item=, by the bare itag', async () => {
    const media = await analyze(env.site, '/pages/carousel.html');
    const [first, second] = media.info.items!;
    const image = await requestDownload(media.info.id, 'img-0', { item: second.id });
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(sha256(await bodyOf(image))).toBe(sha256(await readFile(path.join(FIXTURE_SITE_DIR, 'image2.png'))));
    const other = await requestDownload(media.info.id, 'img-0', { item: first.id });
    expect(other.headers.get('content-type')).toBe('image/jpeg');
    const unknown = await requestDownload(media.info.id, 'img-0', { item: 'nope' });
    expect(unknown.status).toBe(400);
  });
});
