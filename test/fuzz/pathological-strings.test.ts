import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors';
import { parseYoutubeFeed, youtubeChannelId } from '@/lib/follows/youtube-feed';
import { bearerToken } from '@/lib/http/bearer';
import { corsHeaders } from '@/lib/http/cors';
import { requestIdOf } from '@/lib/http/request-log';
import { capExtraction } from '@/lib/media/analyze/cap-extraction';
import { parseByteRange, parseRangeStart } from '@/lib/media/deliver/serve/byte-range';
import { contentDisposition, safeFilename } from '@/lib/media/deliver/serve/content-disposition';
import { downloadHeaders } from '@/lib/media/deliver/serve/download-headers';
import { parseContentRange } from '@/lib/media/download/range-request';
import { parseSrt, parseTimestamp, parseVtt, toSrt, toVtt } from '@/lib/media/download/subtitles/cues';
import { iso639Part2 } from '@/lib/media/download/subtitles/iso639';
import { slug, splitCodecs } from '@/lib/media/extractors/native/codecs';
import { parseMpd } from '@/lib/media/formats/dash';
import { fillTemplate } from '@/lib/media/formats/dash-template';
import { parseHlsPlaylist } from '@/lib/media/formats/hls';
import { parseAttributeList, parseByteRangeSpec, parseResolution } from '@/lib/media/formats/hls-attributes';
import { parseHtmlMedia } from '@/lib/media/extractors/native/html';
import { readJsonLd } from '@/lib/media/extractors/native/html-jsonld';
import { parseIsoDuration } from '@/lib/media/formats/iso-duration';
import { sniffResource } from '@/lib/media/extractors/native/sniff';
import { extensionOf, fileNameOf, resolveUrl } from '@/lib/media/formats/url';
import { metadataArgs } from '@/lib/media/ffmpeg/metadata-args';
import { userLanguages } from '@/lib/media/offers/audio-language';
import { audioFamily, videoFamily } from '@/lib/media/offers/codecs';
import { recogniseUrl } from '@/lib/media/platforms';
import { parseUserUrl } from '@/lib/media/platforms/parse-url';
import { capText, TEXT_CAPS } from '@/lib/media/text-caps';
import { parseTimeText } from '@/lib/media/trim/time-text';
import type { Extraction } from '@/lib/media/types';
import { filterCookieLines } from '@/lib/media/ytdlp/cookies';
import { mapYtdlpFailure } from '@/lib/media/ytdlp/error-map';
import { mapYtdlpInfo } from '@/lib/media/ytdlp/map-info';
import type { YtdlpInfo } from '@/lib/media/ytdlp/types';
import { requestLocale } from '@/lib/presets/locale';
import { createNameAllocator, safeStem } from '@/lib/zip/entry-names';

/**
 * Every normaliser and parser of text a stranger writes (a page, a manifest, a subtitle file, yt-dlp's answer, a
 * request header), fed 100 000-character runs of the characters that make patterns backtrack or rescan: dots,
 * spaces, slashes, combining marks, "%2e", long words with no closing delimiter. Node serves every request on one
 * thread: one such call that is quadratic freezes the whole server (a run of 100 000 dots took 5 s in a file name).
 *
 * Each call must end within STEP_MS — about a hundred times what a linear pass over the input takes here, and far
 * below what a quadratic one does (seconds) — in a result or our AppError. A slow call is timed again, up to three
 * times in all, and the fastest counts: a pause of a shared machine is not the code's, a quadratic scan is slow
 * every time.
 */
const N = 100_000;
const STEP_MS = 200;
const BASE = 'https://cdn.example.com/dir/index';

const RUNS: Record<string, string> = {
  dots: '.'.repeat(N),
  spaces: ' '.repeat(N),
  slashes: '/'.repeat(N),
  backslashes: '\\'.repeat(N),
  'combining marks': `e${'\u0301'.repeat(N)}`,
  '". . . "': '. '.repeat(N / 2),
  '"%2e" runs': '%2e'.repeat(N / 2.5),
  '"a" runs': 'a'.repeat(N),
  '"<" runs': '<'.repeat(N),
  '"<a " runs': '<a '.repeat(N / 3),
  '"<entry>" runs': '<entry>'.repeat(N / 7),
  '"<title " runs': '<title '.repeat(N / 7),
  '"<link " runs': '<link '.repeat(N / 6),
  '"<![CDATA[" runs': '<![CDATA['.repeat(N / 9),
  quotes: '"'.repeat(N),
  '"=" runs': '='.repeat(N),
  '"a=" runs': 'a='.repeat(N / 2),
  digits: '9'.repeat(N),
  'line breaks': '\n'.repeat(N),
  'CR LF': '\r\n'.repeat(N / 2),
  tabs: '\t'.repeat(N),
  colons: ':'.repeat(N),
  commas: ','.repeat(N),
  dashes: '-'.repeat(N),
  '"-->" runs': '-->'.repeat(N / 3),
  ampersands: '&'.repeat(N),
  '"&amp;" runs': '&amp;'.repeat(N / 5),
  hashes: '#'.repeat(N),
  '"@" runs': '@'.repeat(N),
  '"{" runs': '{'.repeat(N),
  '"[" runs': '['.repeat(N),
  '"?" runs': '?'.repeat(N),
  '"$" runs': '$'.repeat(N),
  underscores: '_'.repeat(N),
  emoji: '🎬'.repeat(N / 2),
  'bidi overrides': '\u202e'.repeat(N),
  NULs: '\u0000'.repeat(N),
};

/** Each run alone (it ends the input) and between two letters (something follows that a pattern must reject). */
const INPUTS: [string, string][] = Object.entries(RUNS).flatMap(([name, run]): [string, string][] => [[name, run], [`A + ${name} + Z`, `A${run}Z`]]);

/** Only what a request header can carry (Latin-1 without controls): the others never reach a header reader. */
const headerSafe = (text: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(text);

const xml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');

function timeOnce(call: () => unknown): number {
  const started = performance.now();
  try {
    call();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  return performance.now() - started;
}

/** The fastest of up to three runs of `call`, in ms. */
function fastestMs(call: () => unknown): number {
  let fastest = timeOnce(call);
  for (let attempt = 1; attempt < 3 && fastest > STEP_MS; attempt += 1) fastest = Math.min(fastest, timeOnce(call));
  return fastest;
}

type Target = [name: string, calls: (text: string) => (() => unknown)[]];

const ytdlpInfo = (text: string): YtdlpInfo => ({
  id: text, title: text, description: text, uploader: text, channel: text, creator: text, upload_date: text,
  webpage_url: `https://example.com/${text}`, extractor_key: text, thumbnail: text, thumbnails: [{ url: `/${text}` }],
  formats: [{ format_id: text, url: 'https://cdn.example.com/v.mp4', ext: text, vcodec: text, acodec: text, format_note: text, protocol: text }],
  subtitles: { [text]: [{ url: 'https://cdn.example.com/s.vtt', ext: 'vtt', name: text }] },
});

const mpd = (text: string, where: 'root' | 'set' | 'rep' | 'base' | 'template') => {
  const t = xml(text);
  return `<?xml version="1.0"?><MPD type="static" mediaPresentationDuration="${where === 'root' ? t : 'PT10S'}"><Period>`
    + `<AdaptationSet mimeType="video/mp4" lang="${where === 'set' ? t : 'en'}">`
    + `<Representation id="${where === 'rep' ? t : 'v1'}" bandwidth="1000" codecs="${where === 'rep' ? t : 'avc1.64001f'}" width="640" height="360">`
    + `<BaseURL>${where === 'base' ? t : 'v/'}</BaseURL>`
    + `<SegmentTemplate media="${where === 'template' ? t : '$Number$.m4s'}" initialization="init.mp4" duration="2" timescale="1"/>`
    + '</Representation></AdaptationSet></Period></MPD>';
};

const extraction = (text: string): Extraction => ({
  id: text, url: BASE, title: text, description: text, uploader: text, platform: 'generic', kind: 'video', engine: 'native',
  sources: [{ id: text, protocol: 'http', url: BASE, vcodec: text, acodec: text, note: text, engine: 'native' }],
  entries: [{ url: BASE, title: text, id: text }],
});

const TARGETS: Target[] = [
  ['archive names (safeStem, createNameAllocator)', (s) => [() => safeStem(s), () => createNameAllocator()(s, s)]],
  ['Content-Disposition and file names', (s) => [() => contentDisposition(s, 'mp4'), () => contentDisposition('title', s), () => safeFilename(s, s),
    () => downloadHeaders(s, 'mp4', { length: 1, acceptsRanges: true })]],
  ['CORS origin', (s) => [() => corsHeaders(s), () => corsHeaders(`https://a${s}`)]],
  ['request headers (Range, Authorization, X-Request-Id, locale)', (s) => [
    () => parseByteRange(`bytes=${s}`, 1000), () => parseByteRange(`bytes=1-${s}`, 1000), () => parseRangeStart(`bytes=${s}`),
    () => parseRangeStart(`bytes=1-${s}`), () => userLanguages(s), () => userLanguages(`en;q=${s}`),
    ...(headerSafe(s) ? [
      () => bearerToken(new Headers({ authorization: `Bearer ${s}` })), () => bearerToken(new Headers({ authorization: `Bearer a${s}` })),
      () => requestIdOf(new Headers({ 'x-request-id': s })),
      () => requestLocale(new Headers({ cookie: s, 'accept-language': s })), () => requestLocale(new Headers({ cookie: `NEXT_LOCALE=${s}` })),
    ] : []),
  ]],
  ['origin response headers (Content-Range)', (s) => [() => parseContentRange(`bytes ${s}`), () => parseContentRange(`bytes 0-1/${s}`)]],
  ['URL helpers (resolveUrl, fileNameOf, extensionOf)', (s) => [() => resolveUrl(s, BASE), () => fileNameOf(`https://x.example/${s}`),
    () => extensionOf(`https://x.example/${s}`), () => fileNameOf(`https://x.example/a${s}.mp4`)]],
  ['link recogniser and platform id parsers', (s) => [
    () => recogniseUrl(s), () => parseUserUrl(s), () => recogniseUrl(`https://example.com/${s}`),
    () => recogniseUrl(`https://www.youtube.com/watch?v=${s}`), () => recogniseUrl(`https://www.youtube.com/${s}`),
    () => recogniseUrl(`https://youtu.be/${s}`), () => recogniseUrl(`https://www.tiktok.com/@${s}/video/1`),
    () => recogniseUrl(`https://www.tiktok.com/${s}`), () => recogniseUrl(`https://www.instagram.com/p/${s}`),
    () => recogniseUrl(`https://www.instagram.com/${s}`), () => recogniseUrl(`https://www.facebook.com/${s}`),
    () => recogniseUrl(`https://www.facebook.com/watch/?v=${s}`), () => recogniseUrl(`https://x.com/${s}/status/1`),
    () => recogniseUrl(`https://twitter.com/${s}`), () => recogniseUrl(`https://example.com/?u=${encodeURIComponent(`https://x.com/${s}`)}`),
    () => youtubeChannelId(`https://www.youtube.com/channel/${s}`),
  ]],
  ['HTML meta, title and player parsing', (s) => [
    () => parseHtmlMedia(s, BASE),
    () => parseHtmlMedia(`<meta property="og:title" content="${xml(s)}"><meta property="og:image" content="/a.jpg">`, BASE),
    () => parseHtmlMedia(`<html><head><title>${xml(s)}</title></head></html>`, BASE),
    () => parseHtmlMedia(`<meta name="description" content="${xml(s)}"><meta property="og:video" content="${xml(s)}">`, BASE),
    () => parseHtmlMedia(`<video src="${xml(s)}" poster="${xml(s)}"><source src="${xml(s)}" type="${xml(s)}"></video>`, BASE),
    () => parseHtmlMedia(`<script type="application/ld+json">${JSON.stringify({ '@type': 'VideoObject', name: s, contentUrl: s })}</script>`, BASE),
  ]],
  ['JSON-LD reader and ISO durations', (s) => [
    () => readJsonLd([s]),
    () => readJsonLd([JSON.stringify({ '@type': 'VideoObject', name: s, description: s, contentUrl: s, duration: s, uploadDate: s, thumbnailUrl: s })]),
    () => readJsonLd([JSON.stringify({ '@type': 'ItemList', itemListElement: [{ url: s, name: s }] })]),
    () => parseIsoDuration(s), () => parseIsoDuration(`PT${s}`),
  ]],
  ['HLS playlist parser', (s) => [
    () => parseHlsPlaylist(s, BASE), () => parseHlsPlaylist(`#EXTM3U\n${s}`, BASE),
    () => parseHlsPlaylist(`#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,CODECS="${s}",RESOLUTION=${s}\nv.m3u8`, BASE),
    () => parseHlsPlaylist(`#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="${s}",LANGUAGE="${s}",URI="${s}"\n`, BASE),
    () => parseHlsPlaylist(`#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:${s}\nseg.ts\n#EXT-X-BYTERANGE:${s}\nseg.ts\n#EXT-X-ENDLIST`, BASE),
    () => parseHlsPlaylist(`#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="${s}",IV=${s}\n#EXTINF:1,\n${s}\n#EXT-X-ENDLIST`, BASE),
    () => parseAttributeList(s), () => parseResolution(s), () => parseByteRangeSpec(s),
  ]],
  ['DASH manifest parser', (s) => [
    () => parseMpd(s, BASE), () => parseMpd(mpd(s, 'root'), BASE), () => parseMpd(mpd(s, 'set'), BASE), () => parseMpd(mpd(s, 'rep'), BASE),
    () => parseMpd(mpd(s, 'base'), BASE), () => parseMpd(mpd(s, 'template'), BASE),
    () => fillTemplate(s, { representationId: s, number: 1 }),
  ]],
  ['subtitle parsers and converters', (s) => [
    () => parseVtt(s), () => parseVtt(`WEBVTT\n\n00:00.000 --> 00:01.000\n${s}`), () => parseVtt(`WEBVTT\nX-TIMESTAMP-MAP=${s}\n\n${s}`),
    () => parseVtt(`WEBVTT\n\n00:00.000 --> ${s}\ntext`), () => parseSrt(s), () => parseSrt(`1\n00:00:00,000 --> 00:00:01,000\n${s}`),
    () => toSrt([{ start: 0, end: 1, text: s }]), () => toVtt([{ start: 0, end: 1, text: s, settings: s }]), () => parseTimestamp(s),
    () => iso639Part2(s),
  ]],
  ['resource sniffing and codecs', (s) => [
    () => sniffResource({ contentType: s, url: `https://x.example/${s}`, head: Buffer.from(s) }),
    () => sniffResource({ contentType: undefined, url: BASE, head: Buffer.from(`<?xml ${s}`) }),
    () => splitCodecs(s), () => slug(s), () => videoFamily(s), () => audioFamily(s),
  ]],
  ['yt-dlp answers (info mapping, failure messages) and the engine result caps', (s) => [
    () => mapYtdlpInfo(ytdlpInfo(s)), () => mapYtdlpInfo({ ...ytdlpInfo(s), _type: 'playlist', entries: [{ _type: 'url', url: `https://example.com/${s}`, title: s }] }),
    () => mapYtdlpFailure(s), () => mapYtdlpFailure(`ERROR: [generic] ${s}: Unable to download webpage`), () => capExtraction(extraction(s)),
  ]],
  ['file tags, trim times and cookie files', (s) => [
    () => metadataArgs({ title: s, source: s, url: s, artist: s, date: s }, 'mp4'), () => parseTimeText(s),
    () => filterCookieLines(s, ['.youtube.com']), () => filterCookieLines(`.youtube.com\tTRUE\t/\tTRUE\t0\t${s}\t${s}`, ['.youtube.com']),
  ]],
  ['YouTube channel feed', (s) => [
    () => parseYoutubeFeed(s),
    () => parseYoutubeFeed(`<feed><title>${s}</title><entry><yt:videoId>a</yt:videoId><link rel="alternate" href="https://www.youtube.com/watch?v=a"/><title>${s}</title></entry></feed>`),
    () => parseYoutubeFeed(`<feed><entry>${s}</entry></feed>`), () => parseYoutubeFeed(`<feed><entry><link ${s}</entry></feed>`),
  ]],
];

beforeAll(() => {
  vi.stubEnv('API_CORS_ORIGINS', 'https://tools.example');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('pathological strings (100 000 characters) through every reader of remote text', () => {
  it('the harness fails on a quadratic call and lets an AppError pass', () => {
    // A rescan from every position, as a backtracking trim of a run of dots does.
    const quadratic = (s: string) => {
      let dots = 0;
      for (let from = 0; from < s.length; from += 1) for (let at = from; at < s.length && s[at] === '.'; at += 1) dots += 1;
      return dots;
    };
    expect(fastestMs(() => quadratic(RUNS.dots.slice(0, 30_000)))).toBeGreaterThan(STEP_MS);
    expect(fastestMs(() => { throw new AppError('upstream_failed', 'no'); })).toBeLessThan(STEP_MS);
    expect(() => fastestMs(() => { throw new TypeError('stray'); })).toThrow(TypeError);
  });

  it.each(TARGETS)('%s', (name, calls) => {
    const slow: string[] = [];
    let slowest = { ms: 0, at: '' };
    for (const [input, text] of INPUTS) {
      calls(text).forEach((call, index) => {
        const ms = fastestMs(call);
        if (ms > slowest.ms) slowest = { ms, at: `${input}, call ${index + 1}` };
        if (ms > STEP_MS) slow.push(`${input}, call ${index + 1}: ${ms.toFixed(0)} ms`);
      });
    }
    // PATHOLOGICAL_REPORT=1 prints each reader's slowest call, to see how far below the budget it stays.
    if (process.env.PATHOLOGICAL_REPORT) console.log(`${name}: slowest ${slowest.ms.toFixed(1)} ms (${slowest.at})`);
    expect(slow).toEqual([]);
  }, 600_000);

  it('caps every remote text where it enters: title, description, names, ids, at a code-point boundary', () => {
    const capped = capExtraction(extraction('é'.repeat(N)));
    expect(capped.title).toHaveLength(TEXT_CAPS.title);
    expect(capped.description).toHaveLength(TEXT_CAPS.description);
    expect(capped.uploader).toHaveLength(TEXT_CAPS.name);
    expect(capped.id).toHaveLength(TEXT_CAPS.name);
    expect(capped.entries?.[0].title).toHaveLength(TEXT_CAPS.title);
    expect(capped.sources[0].note).toHaveLength(TEXT_CAPS.name);
    expect(capped.sources[0].vcodec).toHaveLength(TEXT_CAPS.tag);
    expect(capText('🎬'.repeat(N), TEXT_CAPS.title)).toBe('🎬'.repeat(TEXT_CAPS.title / 2));
    expect(capText(`a${'🎬'.repeat(N)}`, TEXT_CAPS.title)).toBe(`a${'🎬'.repeat(TEXT_CAPS.title / 2 - 1)}`);
    const page = parseHtmlMedia(`<meta property="og:title" content="A${'.'.repeat(N)}Z"><meta name="description" content="${'d'.repeat(N)}">`, BASE);
    expect(page.title).toBe(`A${'.'.repeat(TEXT_CAPS.title - 1)}`);
    expect(page.description).toHaveLength(TEXT_CAPS.description);
  });
});
