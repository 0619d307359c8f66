import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { ensureStreamFixtures, STREAM_SHAPES, type StreamShape } from '@/test/fixtures/media-streams';
import { bodyOf, requestDownload, startDownloadEnv } from './download.testkit';

const run = promisify(execFile);

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let outDir: string;
beforeAll(async () => {
  await ensureStreamFixtures();
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '1000' });
  outDir = mkdtempSync(path.join(env.root, 'out-'));
}, 300_000);

const table: string[] = [];
afterAll(async () => {
  if (table.length) console.log(['shape | offer | duration (source) | streams | start', ...table].join('\n'));
  await env?.close();
});

/** The container ffprobe must report for each extension we deliver. */
const FORMAT_FOR_EXT: Record<string, RegExp> = {
  mp4: /mp4/, m4a: /mp4|m4a/, webm: /webm|matroska/, mp3: /^mp3$/, wav: /^wav$/, opus: /^ogg$/,
};

interface Probed {
  duration: number;
  start: number;
  formatName: string;
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; channels?: number }[];
}

async function probe(file: string): Promise<Probed> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  const json = JSON.parse(stdout) as { format: { duration: string; start_time: string; format_name: string }; streams: Probed['streams'] };
  // WAV has no timestamps at all: ffprobe gives no start time, and its samples start at 0 by definition.
  const start = json.format.start_time === undefined ? 0 : Number(json.format.start_time);
  return { duration: Number(json.format.duration), start, formatName: json.format.format_name, streams: json.streams };
}

/** Decodes every frame; ffmpeg at -v error prints nothing for a file without a defect. */
async function decodeErrors(file: string): Promise<string> {
  const { stderr } = await run('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-f', 'null', '-'], { maxBuffer: 16 * 1024 * 1024 });
  return stderr.trim();
}

const within = (actual: number, expected: number) => Math.abs(actual - expected) <= Math.max(0.5, expected * 0.03);

/** Downloads one offer through the API and checks the file: decodes clean, right duration, starts at 0, right container. */
async function deliver(shape: StreamShape, mediaId: string, itag: string, ext: string): Promise<Probed> {
  const res = await requestDownload(mediaId, itag);
  const body = await bodyOf(res);
  expect(res.status, `${shape} ${itag}: ${res.status} ${res.status >= 400 ? body.toString('utf8').slice(0, 300) : ''}`).toBe(200);
  const file = path.join(outDir, `${shape}-${itag}.${ext}`);
  await writeFile(file, body);
  const probed = await probe(file);
  const source = STREAM_SHAPES[shape].duration;
  const streams = probed.streams.map((s) => s.codec_type === 'video' ? `${s.codec_name} ${s.width}x${s.height}` : `${s.codec_name} ${s.channels}ch`).join(' + ');
  table.push(`${shape} | ${itag}.${ext} | ${probed.duration.toFixed(3)} s (${source} s) | ${streams} | ${probed.start.toFixed(3)}`);
  expect(await decodeErrors(file), `${shape} ${itag} decodes without error`).toBe('');
  expect(within(probed.duration, source), `${shape} ${itag}: ${probed.duration} s, source ${source} s`).toBe(true);
  expect(Math.abs(probed.start), `${shape} ${itag} starts at 0, not ${probed.start}`).toBeLessThanOrEqual(0.05);
  expect(probed.formatName, `${shape} ${itag} container`).toMatch(FORMAT_FOR_EXT[ext]);
  return probed;
}

const URLS: Record<StreamShape, string> = {
  'hls-gap': '/streams/hls-gap/index.m3u8',
  'hls-discontinuity': '/streams/hls-discontinuity/index.m3u8',
  'hls-fmp4-discontinuity': '/streams/hls-fmp4-discontinuity/index.m3u8',
  'hls-byterange': '/streams/hls-byterange/index.m3u8',
  'hls-aes-rotation': '/streams/hls-aes-rotation/index.m3u8',
  'hls-packed-aac': '/streams/hls-packed-aac/index.m3u8',
  'hls-packed-mp3': '/streams/hls-packed-mp3/index.m3u8',
  'hls-sample-aes-aac': '/streams/hls-sample-aes-aac/index.m3u8',
  'hls-eac3-51': '/streams/hls-eac3-51/index.m3u8',
  'hls-fmp4-offset': '/streams/hls-fmp4-offset/index.m3u8',
  'hls-rollover': '/streams/hls-rollover/index.m3u8',
  'hls-groups': '/streams/hls-groups/master.m3u8',
  'dash-multiperiod': '/streams/dash-multiperiod/manifest.mpd',
  'dash-multicodec': '/streams/dash-multicodec/manifest.mpd',
  'dash-segmentbase': '/streams/dash-segmentbase/manifest.mpd',
};

const AUDIO_ONLY = new Set<StreamShape>(['hls-packed-aac', 'hls-packed-mp3', 'hls-sample-aes-aac', 'hls-eac3-51']);

describe('every stream shape, analysed and downloaded through the API', () => {
  it.each(Object.keys(STREAM_SHAPES) as StreamShape[])('%s', async (shape) => {
    const media = await analyzeMedia(`${env.site.origin}${URLS[shape]}`, { engine: 'native' });
    const plans = [...media.plans.values()];
    const video = plans.filter((p) => p.kind === 'video');
    const audio = plans.filter((p) => p.kind === 'audio');
    if (AUDIO_ONLY.has(shape)) {
      // An audio-only source offers only audio.
      expect(video, `${shape} offers no video`).toEqual([]);
      for (const plan of audio) {
        await deliver(shape, media.info.id, plan.itag, plan.ext);
        // Never more than the source has: the packed AAC is 64 kbps.
        if (shape === 'hls-packed-aac' && plan.audioBitrate && plan.container !== 'wav') expect(plan.audioBitrate).toBeLessThanOrEqual(64);
      }
      return;
    }
    const main = video[0];
    expect(main, `${shape} has a video offer`).toBeDefined();
    const probed = await deliver(shape, media.info.id, main.itag, main.ext);
    const picture = probed.streams.find((s) => s.codec_type === 'video');
    // The label is the height of the file delivered.
    expect(`${picture?.height}p`).toBe(media.info.formats.find((f) => f.itag === main.itag)?.quality);
    expect(probed.streams.filter((s) => s.codec_type === 'audio')).toHaveLength(1);
    if (shape === 'hls-groups') {
      // The DEFAULT track (stereo), never the mono commentary.
      expect(probed.streams.find((s) => s.codec_type === 'audio')?.channels).toBe(2);
    }
    // Every other offer too, two at a time.
    const rest = plans.filter((p) => p !== main);
    for (let i = 0; i < rest.length; i += 2) {
      await Promise.all(rest.slice(i, i + 2).map((p) => deliver(shape, media.info.id, p.itag, p.ext)));
    }
  }, 180_000);
});

describe('a master is enough', () => {
  it('answers within 2.2 s when every variant playlist is slow, and offers no I-frame playlist', async () => {
    const started = Date.now();
    const media = await analyzeMedia(`${env.site.origin}/streams/hls-groups/master.m3u8?fresh=1`, { engine: 'native' });
    expect(Date.now() - started).toBeLessThanOrEqual(2_200);
    expect([...media.plans.values()].filter((p) => p.kind === 'video' && !p.messaging)).toHaveLength(2);
  });
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(() => 'no error', (error: unknown) => (error instanceof AppError ? error.code : String(error)));

describe('shapes that are refused, never delivered as a file that cannot be decoded', () => {
  it.each([
    ['/streams/refused/event.m3u8', 'live_not_finished'],
    ['/streams/refused/live.m3u8', 'live_not_finished'],
    ['/streams/refused/sample-aes.m3u8', 'drm_protected'],
    ['/streams/refused/drm.mpd', 'drm_protected'],
    ['/streams/refused/iframes-only.m3u8', 'no_media'],
  ])('%s → %s', async (urlPath, code) => {
    expect(await codeOf(analyzeMedia(`${env.site.origin}${urlPath}`, { engine: 'native' }))).toBe(code);
  });
});

describe('trick play is never offered', () => {
  it('a DASH trick-play adaptation set adds no offer', async () => {
    const media = await analyzeMedia(`${env.site.origin}/streams/refused/trickplay.mpd`, { engine: 'native' });
    expect(media.extraction.sources.some((s) => s.height === 90)).toBe(false);
    expect(media.info.formats.filter((f) => f.ext === 'mp4' && f.itag !== 'mp4-messaging').map((f) => f.quality)).toEqual(['180p']);
  });
});

describe('a stream that cannot be read is the source\'s failure, never a 500', () => {
  it('a DASH period of garbage answers 502 upstream_failed', async () => {
    const media = await analyzeMedia(`${env.site.origin}/streams/refused/broken-period.mpd`, { engine: 'native' });
    const plan = [...media.plans.values()].find((p) => p.kind === 'video')!;
    const res = await requestDownload(media.info.id, plan.itag);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { code: string }).code).toBe('upstream_failed');
  });

  it('audio whose frames do not decode answers 502 upstream_failed when it must be encoded', async () => {
    const media = await analyzeMedia(`${env.site.origin}/streams/refused/undecodable.m3u8`, { engine: 'native' });
    const plan = [...media.plans.values()].find((p) => p.container === 'mp3')!;
    const res = await requestDownload(media.info.id, plan.itag);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { code: string }).code).toBe('upstream_failed');
  });
});
