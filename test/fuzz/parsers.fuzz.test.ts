import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { parseMpd } from '@/lib/media/formats/dash';
import { parseHlsPlaylist } from '@/lib/media/formats/hls';
import { parseHtmlMedia } from '@/lib/media/extractors/native/html';
import { parseImage } from '@/lib/media/formats/image';
import { parseMp3 } from '@/lib/media/formats/mp3';
import { scanMp4 } from '@/lib/media/formats/mp4';
import { parseWebm } from '@/lib/media/formats/webm';
import { contentDisposition } from '@/lib/media/deliver/serve/content-disposition';
import { recogniseUrl } from '@/lib/media/platforms';
import { facebookCases } from '@/lib/media/platforms/facebook.cases';
import { genericCases } from '@/lib/media/platforms/generic.cases';
import { instagramCases } from '@/lib/media/platforms/instagram.cases';
import { tiktokCases } from '@/lib/media/platforms/tiktok.cases';
import { twitterCases } from '@/lib/media/platforms/twitter.cases';
import { youtubeCases } from '@/lib/media/platforms/youtube.cases';
import { ensureFixtureMedia } from '@/test/fixtures/media';
import { FIXTURE_PAGES, renderFixturePage } from '@/test/fixtures/pages';

/**
 * Every parser that reads bytes or text a stranger controls, fed 10 000 inputs each: the fixture site's own files
 * mutated (truncated, bytes flipped, sizes and counts replaced by extremes, fragments deleted or repeated, hostile
 * tokens inserted) and some made from nothing. Each input must end in a result or our AppError — never another
 * exception — and no single input may take over 100 ms. fast-check shrinks a failure to its smallest input and
 * names the seed that replays it.
 */
const RUNS = 10_000;
const STEP_MS = 100;
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const BASE = 'https://cdn.example.com/dir/index';

/** A parse that throws anything but an AppError, or takes too long, fails the property. */
function survives(parse: () => unknown): void {
  const once = () => {
    const started = performance.now();
    try {
      parse();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    return performance.now() - started;
  };
  // A slow input is slow every time; a pause of the machine (GC of the inputs generated, a neighbour's build) is
  // not, so it is timed again, up to three times in all, and the fastest counts.
  let fastest = once();
  for (let attempt = 1; attempt < 3 && fastest > STEP_MS; attempt += 1) fastest = Math.min(fastest, once());
  if (fastest > STEP_MS) throw new Error(`one input took ${fastest.toFixed(1)} ms (limit ${STEP_MS} ms)`);
}

function property<T>(arbitrary: fc.Arbitrary<T>, parse: (input: T) => unknown, runs = RUNS): void {
  let ran = 0;
  fc.assert(
    fc.property(arbitrary, (input) => {
      ran += 1;
      survives(() => parse(input));
    }),
    { numRuns: runs, seed: SEED, endOnFailure: true },
  );
  expect(ran).toBe(runs);
}

// ── Bytes ──────────────────────────────────────────────────────────────────────────────────────────────────────
const EXTREMES = [0, 1, 7, 8, 0x7f, 0xff, 0x7fff_ffff, 0xffff_ffff, 0x8000_0000];

type ByteEdit =
  | { op: 'truncate'; at: number }
  | { op: 'flip'; at: number; value: number }
  | { op: 'int32'; at: number; value: number }
  | { op: 'delete'; at: number; length: number }
  | { op: 'insert'; at: number; bytes: Uint8Array }
  | { op: 'repeat'; at: number; from: number; length: number };

/** Positions are fractions of the input: most edits land in the first 4 kB, where the headers and boxes are. */
const position = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 4095 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 1 << 30 }) });
const byteEdit: fc.Arbitrary<ByteEdit> = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at: position }),
  fc.record({ op: fc.constant('flip' as const), at: position, value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ op: fc.constant('int32' as const), at: position, value: fc.oneof(fc.constantFrom(...EXTREMES), fc.nat()) }),
  fc.record({ op: fc.constant('delete' as const), at: position, length: fc.integer({ min: 1, max: 64 }) }),
  fc.record({ op: fc.constant('insert' as const), at: position, bytes: fc.uint8Array({ minLength: 1, maxLength: 16 }) }),
  fc.record({ op: fc.constant('repeat' as const), at: position, from: position, length: fc.integer({ min: 1, max: 256 }) }),
);

function applyBytes(seed: Buffer, edits: ByteEdit[]): Buffer {
  let bytes = Buffer.from(seed);
  for (const edit of edits) {
    const at = bytes.length === 0 ? 0 : edit.at % (bytes.length + 1);
    if (edit.op === 'truncate') bytes = bytes.subarray(0, at);
    else if (edit.op === 'flip' && at < bytes.length) bytes[at] = edit.value;
    else if (edit.op === 'int32' && at + 4 <= bytes.length) bytes.writeUInt32BE(edit.value >>> 0, at);
    else if (edit.op === 'delete') bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + edit.length)]);
    else if (edit.op === 'insert') bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(edit.bytes), bytes.subarray(at)]);
    else if (edit.op === 'repeat') {
      const from = bytes.length === 0 ? 0 : edit.from % bytes.length;
      bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(from, from + edit.length), bytes.subarray(at)]);
    }
  }
  return bytes;
}

/** Nine in ten: a fixture with 1–8 edits; one in ten: bytes from nothing. */
const mutatedBytes = (seeds: Buffer[]): fc.Arbitrary<Buffer> =>
  fc.oneof(
    { weight: 9, arbitrary: fc.tuple(fc.constantFrom(...seeds), fc.array(byteEdit, { minLength: 1, maxLength: 8 })).map(([seed, edits]) => applyBytes(seed, edits)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.from(bytes)) },
  );

// ── Text ───────────────────────────────────────────────────────────────────────────────────────────────────────
const JUNK = ['"', ',', '=', '<', '>', '/', '#', '$', '%05d', '%0999d', '-1', 'r="-1"', '\n', '\r', '\0', '&amp;', '&#xFFFFFF;',
  '9'.repeat(30), '1e308', 'NaN', 'PT', 'P9999999Y', '@', '{', '}', '[', ']', '#EXT-X-KEY:METHOD=SAMPLE-AES', '#EXT-X-BYTERANGE:99999999999@0',
  '<S d="0" r="99999999"/>', '<S t="-5" d="-1"/>', '<!ENTITY x "y">', '<![CDATA[', 'javascript:', '../../', 'http://[::1]/', 'file:///etc/passwd',
  '<video src=', '<script type="application/ld+json">', '{"@type":"VideoObject"', '\u202e', '\ud800', '🎬'];

type TextEdit =
  | { op: 'truncate'; at: number }
  | { op: 'insert'; at: number; text: string }
  | { op: 'delete'; at: number; length: number }
  | { op: 'repeat'; at: number; from: number; length: number };

const textPosition = fc.integer({ min: 0, max: 1 << 20 });
const textEdit: fc.Arbitrary<TextEdit> = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at: textPosition }),
  fc.record({ op: fc.constant('insert' as const), at: textPosition, text: fc.oneof(fc.constantFrom(...JUNK), fc.string({ maxLength: 12 })) }),
  fc.record({ op: fc.constant('delete' as const), at: textPosition, length: fc.integer({ min: 1, max: 80 }) }),
  fc.record({ op: fc.constant('repeat' as const), at: textPosition, from: textPosition, length: fc.integer({ min: 1, max: 120 }) }),
);

function applyText(seed: string, edits: TextEdit[]): string {
  let text = seed;
  for (const edit of edits) {
    const at = edit.at % (text.length + 1);
    if (edit.op === 'truncate') text = text.slice(0, at);
    else if (edit.op === 'insert') text = text.slice(0, at) + edit.text + text.slice(at);
    else if (edit.op === 'delete') text = text.slice(0, at) + text.slice(at + edit.length);
    else {
      const from = text.length === 0 ? 0 : edit.from % text.length;
      text = text.slice(0, at) + text.slice(from, from + edit.length) + text.slice(at);
    }
  }
  return text;
}

const mutatedText = (seeds: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 9, arbitrary: fc.tuple(fc.constantFrom(...seeds), fc.array(textEdit, { minLength: 1, maxLength: 8 })).map(([seed, edits]) => applyText(seed, edits)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 2000, unit: 'binary' }) },
  );

// ── Seeds from the fixture site ────────────────────────────────────────────────────────────────────────────────
const seeds = { mp4: [] as Buffer[], webm: [] as Buffer[], mp3: [] as Buffer[], image: [] as Buffer[], hls: [] as string[], dash: [] as string[], html: [] as string[] };

async function filesUnder(dir: string, ext: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(ext)).map((e) => path.join(e.parentPath, e.name));
}

beforeAll(async () => {
  const site = await ensureFixtureMedia();
  const read = (name: string) => readFile(path.join(site, name));
  // The head a remote probe reads first; each fixture is cut to it so one run stays cheap.
  const head = (bytes: Buffer) => bytes.subarray(0, 256 * 1024);
  seeds.mp4 = [head(await read('video.mp4')), await read('audio.m4a')];
  seeds.webm = [head(await read('video.webm'))];
  seeds.mp3 = [await read('audio.mp3')];
  seeds.image = [await read('image.jpg'), await read('image2.png'), await read('image3.webp')];
  seeds.hls = await Promise.all((await filesUnder(site, '.m3u8')).map(async (file) => readFile(file, 'utf8')));
  seeds.dash = await Promise.all((await filesUnder(site, '.mpd')).map(async (file) => readFile(file, 'utf8')));
  seeds.html = FIXTURE_PAGES.map((name) => renderFixturePage(name, 'https://fixture.example')!).filter(Boolean);
  for (const [kind, list] of Object.entries(seeds)) expect(list.length, kind).toBeGreaterThan(0);
}, 300_000);

describe('fuzzed parsers (fast-check)', () => {
  it('the harness fails on a stray exception and on a slow input, and lets an AppError pass', () => {
    const bytes = fc.uint8Array({ maxLength: 8 });
    const failure = (parse: () => void) => {
      try {
        property(bytes, parse, 3);
      } catch (error) {
        return String((error as Error & { cause?: unknown }).cause ?? error);
      }
      return 'passed';
    };
    expect(failure(() => { throw new TypeError('stray'); })).toMatch(/TypeError: stray/);
    expect(failure(() => { const end = performance.now() + STEP_MS + 20; while (performance.now() < end); })).toMatch(/took/);
    expect(failure(() => { throw new AppError('no_media', 'none'); })).toBe('passed');
  });

  it('WebM: a DocType or CodecID padded with a long run of NULs is read in linear time', () => {
    // The NUL padding was trimmed with /\0+$/, whose backtracking is quadratic: 160 kB of NULs took 16 s.
    const size8 = (n: number) => Buffer.from([0x01, 0, (n / 2 ** 40) & 0xff, (n / 2 ** 32) & 0xff, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
    const padded = Buffer.concat([Buffer.alloc(200_000), Buffer.from('x')]);
    const docType = Buffer.concat([Buffer.from([0x42, 0x82]), size8(padded.length), padded]);
    const file = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), size8(docType.length), docType]);
    const started = performance.now();
    expect(parseWebm(file)).toBeNull();
    expect(performance.now() - started).toBeLessThan(STEP_MS);
  });

  it('MP4 box walker', () => property(mutatedBytes(seeds.mp4), (bytes) => scanMp4(bytes, 0, bytes.length)), 60_000);
  it('WebM/EBML reader', () => property(mutatedBytes(seeds.webm), (bytes) => parseWebm(bytes)), 60_000);
  it('MP3 frame reader', () => property(mutatedBytes(seeds.mp3), (bytes) => parseMp3(bytes, bytes.length)), 60_000);
  it('image header reader (JPEG, PNG, WebP)', () => property(mutatedBytes(seeds.image), (bytes) => parseImage(bytes)), 60_000);
  it('HLS playlist parser', () => property(mutatedText(seeds.hls), (text) => parseHlsPlaylist(text, BASE)), 60_000);
  it('DASH manifest parser', () => property(mutatedText(seeds.dash), (text) => parseMpd(text, BASE)), 60_000);
  it('HTML media scanner', () => property(mutatedText(seeds.html), (text) => parseHtmlMedia(text, BASE)), 60_000);
  it('URL recogniser', () => {
    const cases = [...youtubeCases, ...tiktokCases, ...instagramCases, ...facebookCases, ...twitterCases, ...genericCases].map((c) => c.url);
    const urls = fc.oneof(
      { weight: 6, arbitrary: mutatedText(cases) },
      { weight: 2, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
      { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
    );
    property(urls, (url) => recogniseUrl(url));
  }, 60_000);
  it('file names from titles (a page chooses its own title)', () => {
    const runs = fc.constantFrom('.', ' ', '. ', '\u3000', '\u202e', '/', '"', '\r\n', '🎬', 'é', '\ud800', '\udc00');
    const title = fc.oneof(
      fc.tuple(fc.string({ maxLength: 20 }), runs, fc.integer({ min: 1, max: 20_000 }), fc.string({ maxLength: 20 })).map(([a, run, n, b]) => `${a}${run.repeat(n)}${b}`),
      fc.string({ maxLength: 400, unit: 'binary' }),
    );
    property(fc.tuple(title, fc.string({ maxLength: 12 })), ([text, ext]) => {
      const header = contentDisposition(text, ext);
      if (/[\r\n]/.test(header)) throw new Error(`a header line break from ${JSON.stringify(text.slice(0, 40))}`);
    });
  }, 60_000);
});
