import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { screenSources } from '@/lib/media/analyze/screen-sources';
import { parseSrt, parseVtt } from '@/lib/media/download/subtitles';
import { mapYtdlpInfo } from '@/lib/media/ytdlp/map-info';
import type { YtdlpInfo } from '@/lib/media/ytdlp/types';
import { CUES, ensureTextStreamFixtures, TEXT_SECONDS } from '@/test/fixtures/media-streams-text';
import { bodyOf, requestDownload, startDownloadEnv } from './download.testkit';

const run = promisify(execFile);

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let outDir: string;
beforeAll(async () => {
  await ensureTextStreamFixtures();
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '1000' });
  outDir = mkdtempSync(path.join(env.root, 'out-'));
}, 300_000);
const table: string[] = [];
afterAll(async () => {
  if (table.length) console.log(['file | streams (language) | duration', ...table].join('\n'));
  await env?.close();
});

const SHAPES = { hls: '/streams-text/hls/master.m3u8', dash: '/streams-text/dash/manifest.mpd' } as const;

async function download(mediaId: string, itag: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const res = await requestDownload(mediaId, itag, { query, headers });
  const body = await bodyOf(res);
  expect(res.status, `${itag} ${JSON.stringify(query)}: ${res.status} ${res.status >= 400 ? body.toString('utf8') : ''}`).toBe(200);
  return { res, body };
}

interface Stream { codec_type: string; codec_name: string; channels?: number; tags?: { language?: string } }

async function probe(name: string, body: Buffer): Promise<{ streams: Stream[]; duration: number; errors: string }> {
  const file = path.join(outDir, name);
  await writeFile(file, body);
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  const json = JSON.parse(stdout) as { streams: Stream[]; format: { duration: string } };
  const { stderr } = await run('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-f', 'null', '-']);
  const streams = json.streams.map((s) => `${s.codec_name}${s.channels ? ` ${s.channels}ch` : ''}${s.tags?.language ? ` (${s.tags.language})` : ''}`);
  table.push(`${name} | ${streams.join(' + ')} | ${Number(json.format.duration).toFixed(3)} s`);
  return { streams: json.streams, duration: Number(json.format.duration), errors: stderr.trim() };
}

describe.each(Object.entries(SHAPES))('%s with two subtitle languages', (shape, urlPath) => {
  it('offers each language as .srt and .vtt, with its language and label', async () => {
    const media = await analyzeMedia(`${env.site.origin}${urlPath}`, { engine: 'native' });
    const offers = media.info.subtitles ?? [];
    expect(offers.map((o) => `${o.language}.${o.ext}`).sort()).toEqual(['en.srt', 'en.vtt', 'fr.srt', 'fr.vtt']);
    expect(offers.find((o) => o.language === 'fr')?.label).toBe('Français');
    // TTML (the DASH manifest's German set) is not read, so not offered; subtitles never mix into the media formats.
    expect(media.info.formats.some((f) => f.ext === 'srt' || f.ext === 'vtt')).toBe(false);
  });

  it.each(['en', 'fr'] as const)('%s: the .srt and .vtt hold every cue once, on the media timeline', async (lang) => {
    const media = await analyzeMedia(`${env.site.origin}${urlPath}`, { engine: 'native' });
    const offer = (ext: string) => media.info.subtitles!.find((o) => o.language === lang && o.ext === ext)!;
    const srt = await download(media.info.id, offer('srt').itag);
    expect(srt.res.headers.get('content-type')).toMatch(/subrip/);
    const vtt = await download(media.info.id, offer('vtt').itag);
    const expected = CUES[lang];
    for (const cues of [parseSrt(srt.body.toString('utf8')), parseVtt(vtt.body.toString('utf8')).cues]) {
      expect(cues, `${shape} ${lang}`).toHaveLength(expected.length);
      expect(cues[0].start).toBeCloseTo(expected[0].start, 2);
      expect(cues[cues.length - 1].end).toBeCloseTo(expected[expected.length - 1].end, 2);
      expect(cues.map((c) => c.text)).toEqual(expected.map((c) => c.text));
    }
  });

  it.each([['mp4', 'mov_text'], ['webm', 'webvtt']] as const)('subs=fr muxes a %s soft track tagged fra', async (ext, codec) => {
    const media = await analyzeMedia(`${env.site.origin}${urlPath}`, { engine: 'native' });
    const plan = [...media.plans.values()].find((p) => p.kind === 'video' && p.container === ext)!;
    const { body } = await download(media.info.id, plan.itag, { subs: 'fr' });
    const probed = await probe(`${shape}-subs.${ext}`, body);
    expect(probed.errors).toBe('');
    const subtitle = probed.streams.find((s) => s.codec_type === 'subtitle');
    expect(subtitle?.codec_name).toBe(codec);
    expect(subtitle?.tags?.language).toBe('fra');
    expect(Math.abs(probed.duration - TEXT_SECONDS)).toBeLessThanOrEqual(0.5);
  }, 120_000);

  it('a language the media has no subtitles in is a clear 422, and a bad tag a 400', async () => {
    const media = await analyzeMedia(`${env.site.origin}${urlPath}`, { engine: 'native' });
    const plan = [...media.plans.values()].find((p) => p.kind === 'video')!;
    const missing = await requestDownload(media.info.id, plan.itag, { query: { subs: 'ja' } });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { code: string }).code).toBe('format_unavailable');
    const bad = await requestDownload(media.info.id, plan.itag, { query: { subs: '../../x' } });
    expect(bad.status).toBe(400);
  });
});

/** Each delivered file's sound: its channels (en stereo, fr mono) and the language it is tagged with. */
describe.each(Object.entries(SHAPES))('%s with two audio languages (en default stereo, fr mono)', (shape, urlPath) => {
  const channelsFor = async (query: Record<string, string>, headers: Record<string, string> = {}) => {
    const media = await analyzeMedia(`${env.site.origin}${urlPath}`, { engine: 'native' });
    const plan = [...media.plans.values()].find((p) => p.kind === 'video' && p.container === 'mp4')!;
    const { body } = await download(media.info.id, plan.itag, query, headers);
    const probed = await probe(`${shape}-audio-${JSON.stringify(query)}${JSON.stringify(headers)}.mp4`.replace(/[^\w.-]/g, '_'), body);
    expect(probed.errors).toBe('');
    return probed.streams.filter((s) => s.codec_type === 'audio').map((s) => `${s.channels}ch ${s.tags?.language}`);
  };

  it('no language known → the DEFAULT (main) track', async () => {
    expect(await channelsFor({})).toEqual(['2ch eng']);
  });
  it('a French user gets the French track, by lang= or by Accept-Language', async () => {
    expect(await channelsFor({ lang: 'fr' })).toEqual(['1ch fra']);
    expect(await channelsFor({}, { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' })).toEqual(['1ch fra']);
  }, 60_000);
  it('an English user gets English; an Arabic user (no Arabic track) gets the DEFAULT', async () => {
    expect(await channelsFor({ lang: 'en' })).toEqual(['2ch eng']);
    expect(await channelsFor({ lang: 'ar' })).toEqual(['2ch eng']);
  }, 60_000);
});

describe("yt-dlp's subtitles and automatic_captions (a recorded YouTube info dict)", () => {
  const analyzeRecorded = () => {
    const text = readFileSync(path.join(process.cwd(), 'test', 'fixtures', 'ytdlp-info', 'youtube-subtitles.json'), 'utf8');
    const info = JSON.parse(text.replaceAll('{{origin}}', env.site.origin)) as YtdlpInfo;
    return analyzeMedia('https://www.youtube.com/watch?v=Sub7itleDem', { engine: 'ytdlp' }, {
      native: () => Promise.reject(new Error('the native engine must not be asked')),
      ytdlp: async (_url, recognition) => screenSources(mapYtdlpInfo(info, recognition.platform)),
    });
  };

  it('offers people-written tracks and the auto-generated one, marked, and converts between SRT and WebVTT', async () => {
    const media = await analyzeRecorded();
    const offers = media.info.subtitles ?? [];
    expect(offers.map((o) => `${o.language}.${o.ext}${o.autoGenerated ? ' auto' : ''}`)).toEqual(['en.srt', 'en.vtt', 'fr.srt', 'fr.vtt', 'en.srt auto', 'en.vtt auto']);
    const enSrt = await download(media.info.id, offers.find((o) => o.itag === 'sub-en-srt')!.itag);
    const cues = parseSrt(enSrt.body.toString('utf8'));
    expect(cues).toHaveLength(CUES.en.length);
    expect(cues[0]).toMatchObject({ start: CUES.en[0].start, text: CUES.en[0].text });
    // WebVTT's class tags are not SRT: they are dropped, the words kept.
    expect(enSrt.body.toString('utf8')).not.toContain('<c>');
    const frVtt = parseVtt((await download(media.info.id, 'sub-fr-vtt')).body.toString('utf8'));
    expect(frVtt.cues).toHaveLength(CUES.fr.length);
    expect(frVtt.cues[0].start).toBeCloseTo(CUES.fr[0].start, 3);
    const auto = parseSrt((await download(media.info.id, 'auto-en-orig-srt')).body.toString('utf8'));
    expect(auto).toHaveLength(3);
  });

  it('subs=fr muxes the French SRT into the MP4 as mov_text', async () => {
    const media = await analyzeRecorded();
    const plan = [...media.plans.values()].find((p) => p.kind === 'video' && p.container === 'mp4')!;
    const { body } = await download(media.info.id, plan.itag, { subs: 'fr' });
    const probed = await probe('ytdlp-subs.mp4', body);
    expect(probed.errors).toBe('');
    expect(probed.streams.find((s) => s.codec_type === 'subtitle')).toMatchObject({ codec_name: 'mov_text', tags: { language: 'fra' } });
  });
});
