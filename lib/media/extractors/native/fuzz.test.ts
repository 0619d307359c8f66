import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { parseMpd } from '@/lib/media/formats/dash';
import { parseHlsPlaylist } from '@/lib/media/formats/hls';
import { parseHtmlMedia } from './html';
import { MAX_HTML } from './html-scan';
import { sniffResource } from './sniff';

/** A small seeded PRNG so a failure names its seed and replays exactly. */
function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const JUNK = ['"', ',', '=', '<', '>', '/', '#', '$', '%05d', '-1', 'r="-1"', '\n', '\r', '\0', '&amp;', '&#xFFFFFF;',
  '9'.repeat(30), 'NaN', 'PT', '@', '{', '}', '[', ']', '#EXT-X-KEY:METHOD=SAMPLE-AES', '<S d="0" r="99999999"/>',
  '<!ENTITY', 'javascript:', '../../', 'http://[::1]/', '<video src=', '<script type="application/ld+json">'];

function mutate(input: string, random: () => number): string {
  let text = input;
  const edits = 1 + Math.floor(random() * 6);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(random() * (text.length + 1));
    const op = random();
    if (op < 0.3) text = text.slice(0, at); // truncation
    else if (op < 0.55) text = text.slice(0, at) + JUNK[Math.floor(random() * JUNK.length)] + text.slice(at);
    else if (op < 0.8) text = text.slice(0, at) + text.slice(at + Math.floor(random() * 40));
    else {
      const from = Math.floor(random() * text.length);
      text = text.slice(0, at) + text.slice(from, from + 60) + text.slice(at); // duplicated fragment
    }
  }
  return text;
}

const HLS_MASTER = `#EXTM3U
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="En, main",URI="a.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",AUDIO="a"
720.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360
360.m3u8
`;
const HLS_MEDIA = `#EXTM3U
#EXT-X-TARGETDURATION:4
#EXT-X-MAP:URI="init.mp4",BYTERANGE="700@0"
#EXT-X-KEY:METHOD=AES-128,URI="k",IV=0x01
#EXTINF:4,
#EXT-X-BYTERANGE:1000@700
s.mp4
#EXTINF:4,
#EXT-X-BYTERANGE:1000
s.mp4
#EXT-X-ENDLIST
`;
const MPD = `<?xml version="1.0"?><MPD type="static" mediaPresentationDuration="PT20S"><BaseURL>https://cdn.example.com/</BaseURL>
<Period><AdaptationSet mimeType="video/mp4" codecs="avc1"><SegmentTemplate timescale="1000" duration="2000" media="$RepresentationID$-$Number%04d$.m4s" initialization="i-$Bandwidth$.mp4"/>
<Representation id="v1" bandwidth="1000" width="640" height="360"/></AdaptationSet>
<AdaptationSet mimeType="audio/mp4"><Representation id="a"><SegmentTemplate timescale="10" media="$Time$.m4s"><SegmentTimeline><S t="0" d="20" r="-1"/></SegmentTimeline></SegmentTemplate></Representation>
<Representation id="b"><SegmentList duration="2"><Initialization sourceURL="i.mp4" range="0-9"/><SegmentURL media="x.mp4" mediaRange="10-99"/></SegmentList></Representation></AdaptationSet></Period></MPD>`;
const HTML = `<!doctype html><html><head><title>T &amp; t</title><meta property="og:video" content="/v.mp4"><meta property="og:video:type" content="video/mp4">
<meta property="og:image" content="a.jpg"><script type="application/ld+json">{"@graph":[{"@type":"VideoObject","contentUrl":"/x.m3u8","thumbnailUrl":[{"url":"t.jpg"}],"duration":"PT1M"},
{"@type":"ItemList","itemListElement":[{"@type":"ListItem","item":{"@type":"VideoObject","url":"/p/1"}}]}]}</script></head>
<body><video poster="p.jpg"><source src="a.webm" type="video/webm"></video><audio src="s.mp3"></audio></body></html>`;

const ITERATIONS = 500;
const BASE = 'https://cdn.example.com/dir/index';

/** Each mutated input must parse or fail with an AppError, promptly; anything else is a crash. */
function fuzz(name: string, seedInput: string, parse: (text: string) => unknown, allowed: string[]) {
  it(`${name}: ${ITERATIONS} mutations end in a result or an AppError`, () => {
    const random = rng(name.length * 7919);
    for (let i = 0; i < ITERATIONS; i++) {
      const input = mutate(seedInput, random);
      const started = performance.now();
      try {
        parse(input);
      } catch (error) {
        if (!(error instanceof AppError) || !allowed.includes(error.code)) {
          throw new Error(`iteration ${i} threw ${String(error)} for input ${JSON.stringify(input.slice(0, 300))}`);
        }
      }
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
}

describe('parser fuzzing', () => {
  fuzz('hls master', HLS_MASTER, (t) => parseHlsPlaylist(t, BASE), ['no_media', 'upstream_failed', 'drm_protected']);
  fuzz('hls media', HLS_MEDIA, (t) => parseHlsPlaylist(t, BASE), ['no_media', 'upstream_failed', 'drm_protected']);
  fuzz('dash', MPD, (t) => parseMpd(t, BASE), ['no_media', 'upstream_failed', 'drm_protected']);
  fuzz('html', HTML, (t) => parseHtmlMedia(t, BASE), []);
  fuzz('sniff', HTML + HLS_MEDIA, (t) => sniffResource({ head: Buffer.from(t), contentType: t.slice(0, 30), url: BASE }), []);

  it('refuses a huge SegmentTimeline repeat instead of allocating it', () => {
    const xml = MPD.replace('r="-1"', 'r="999999999"');
    expect(() => parseMpd(xml, BASE)).toThrow(AppError);
  });

  it('stops at absurdly deep nesting, keeping what came before', () => {
    const page = parseHtmlMedia(`<meta property="og:video" content="/early.mp4">${'<div>'.repeat(400_000)}<video src="/late.mp4">`, BASE);
    expect(page.candidates.map((c) => c.url)).toEqual(['https://cdn.example.com/early.mp4']);
  });

  it('reads only the first MAX_HTML characters of a huge page', () => {
    const filler = '<br>'.repeat(Math.ceil(MAX_HTML / 4));
    const page = parseHtmlMedia(`<meta property="og:video" content="/early.mp4">${filler}<video src="/late.mp4"></video>`, BASE);
    expect(page.candidates.map((c) => c.url)).toEqual(['https://cdn.example.com/early.mp4']);
  });
});
