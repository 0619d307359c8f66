import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferPlan } from '@/lib/media/offers';
import { ensureStreamFixtures } from '@/test/fixtures/media-streams';
import { topLevelBoxes } from '@/test/fixtures/mp4-boxes';
import { analyze, bodyOf, requestDownload, startDownloadEnv } from './download.testkit';
import { saveAndProbe } from './media-probe.testkit';

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let outDir: string;
beforeAll(async () => {
  await ensureStreamFixtures();
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '1000' });
  outDir = mkdtempSync(path.join(env.root, 'out-'));
}, 300_000);
const table: string[] = [];
afterAll(async () => {
  if (table.length) console.log(['fixture | offer | top-level boxes | duration | streams | bytes', ...table].join('\n'));
  await env?.close();
});

/** Every shape of source: a progressive MP4 (faststart, index last, fragmented) and WebM, HLS in MPEG-TS and in fMP4, DASH in fMP4 (templated and one file), audio files. */
const FIXTURES: { path: string; duration: number }[] = [
  { path: '/video.mp4', duration: 6 },
  // The same streams with the index last and as movie fragments: their passthrough offers are remuxed.
  { path: '/moov-last.mp4', duration: 6 },
  { path: '/fragmented.mp4', duration: 6 },
  { path: '/video.webm', duration: 4 },
  { path: '/audio.m4a', duration: 5 },
  { path: '/hls/master.m3u8', duration: 8 },
  { path: '/streams/hls-fmp4-offset/index.m3u8', duration: 8 },
  { path: '/dash/manifest.mpd', duration: 8 },
  { path: '/dash-single/manifest.mpd', duration: 8 },
];

/** ffprobe's codec name for what an offer's label says. */
const LABELLED: [RegExp, string][] = [[/H\.264/, 'h264'], [/HEVC|H\.265/, 'hevc'], [/VP9/, 'vp9'], [/AV1/, 'av1'], [/MP3/, 'mp3'], [/AAC/, 'aac'], [/Opus/, 'opus'], [/PCM/, 'pcm_s16le']];
const CONTAINER_AUDIO: Record<string, string[]> = { mp4: ['aac'], m4a: ['aac'], webm: ['opus', 'vorbis'], mp3: ['mp3'], ogg: ['opus'], wav: ['pcm_s16le'] };

/** One offer of each kind: container, how it is made, and the messaging file. */
function kindsOf(plans: OfferPlan[]): OfferPlan[] {
  const seen = new Map<string, OfferPlan>();
  for (const plan of plans) if (plan.kind !== 'image') seen.set(`${plan.container}-${plan.action}-${plan.messaging ?? false}`, seen.get(`${plan.container}-${plan.action}-${plan.messaging ?? false}`) ?? plan);
  return [...seen.values()];
}

async function check(fixture: (typeof FIXTURES)[number], mediaId: string, plan: OfferPlan, note: string): Promise<void> {
  const res = await requestDownload(mediaId, plan.itag);
  const body = await bodyOf(res);
  expect(res.status, `${plan.itag}: ${body.subarray(0, 200)}`).toBe(200);
  const { probe } = await saveAndProbe(outDir, `${mediaId}-${plan.itag}.${plan.ext}`, body);
  const boxes = ['mp4', 'm4a'].includes(plan.container) ? topLevelBoxes(body).map((b) => b.type) : [];
  const streams = probe.streams.filter((s) => !s.disposition?.attached_pic);
  table.push(`${fixture.path} | ${plan.itag}.${plan.ext} (${plan.action}) | ${boxes.join(' ')} | ${probe.format.duration} | ${streams.map((s) => `${s.codec_name}${s.height ? ` ${s.height}p` : ''}`).join(' + ')} | ${body.length}`);
  if (boxes.length) {
    // Faststart and never fragmented: the index before the media, one mdat, no fragments and no segment index.
    expect(boxes.indexOf('moov'), `${plan.itag}: ${boxes}`).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(boxes.filter((b) => b === 'moof' || b === 'sidx' || b === 'styp'), `${plan.itag}: ${boxes}`).toEqual([]);
  }
  // The duration is in the file, and right.
  expect(Number(probe.format.duration), `${plan.itag} duration`).toBeGreaterThan(0);
  expect(Math.abs(Number(probe.format.duration) - fixture.duration), `${plan.itag} duration ${probe.format.duration}`).toBeLessThanOrEqual(0.25);
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  // Codecs as labelled: the label names the picture's codec, and each container holds what it says it does.
  const named = LABELLED.filter(([label]) => label.test(note)).map(([, codec]) => codec);
  if (plan.kind === 'video') {
    expect(named, `${plan.itag} "${note}"`).toContain(video?.codec_name);
    if (plan.container === 'mp4') expect(['h264', 'hevc']).toContain(video?.codec_name);
  } else {
    expect(video).toBeUndefined();
  }
  if (plan.audio) expect(CONTAINER_AUDIO[plan.container]).toContain(audio?.codec_name);
  if (plan.kind === 'audio') expect(named, `${plan.itag} "${note}"`).toContain(audio?.codec_name);
  if (plan.messaging) {
    expect(video?.codec_name).toBe('h264');
    expect(audio?.codec_name).toBe('aac');
    expect(video!.height!).toBeLessThanOrEqual(720);
    expect(body.length).toBeLessThanOrEqual(16_000_000);
  }
}

describe('files that play everywhere: every kind of offer of every kind of source', () => {
  it.each(FIXTURES)('$path', async (fixture) => {
    const media = await analyze(env.site, fixture.path);
    const plans = [...media.plans.values()];
    // The default (first) offer of a video is H.264 + AAC in MP4.
    const first = media.plans.get(media.info.formats[0].itag)!;
    if (first.kind === 'video') expect([first.container, first.videoCodec === 'copy' ? 'copy' : first.videoCodec]).toEqual(['mp4', first.videoCodec === 'copy' ? 'copy' : 'h264']);
    // The file for messaging is offered only when it comes out smaller than the file it is made from.
    const messaging = media.info.formats.find((f) => f.itag === 'mp4-messaging');
    const mp4Sizes = media.info.formats.filter((f) => f.ext === 'mp4' && f.itag !== 'mp4-messaging').map((f) => Number(f.filesize) || Infinity);
    if (messaging) expect(Number(messaging.filesize)).toBeLessThan(Math.max(...mp4Sizes));
    const kinds = kindsOf(plans);
    for (let i = 0; i < kinds.length; i += 2) {
      await Promise.all(kinds.slice(i, i + 2).map((plan) => check(fixture, media.info.id, plan, media.info.formats.find((f) => f.itag === plan.itag)!.format_note ?? '')));
    }
  }, 240_000);
});
