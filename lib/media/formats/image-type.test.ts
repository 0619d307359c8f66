import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg } from '@/test/fixtures/run-tool';
import { imageTypeOf } from './image';

let dir: string;

// Real pictures, written by ffmpeg now: one 64×36 test-pattern frame in each type we serve.
const ENCODINGS: Array<[string, string, string[]]> = [
  ['image/jpeg', 'a.jpg', []],
  ['image/png', 'a.png', []],
  ['image/gif', 'a.gif', []],
  ['image/webp', 'a.webp', ['-c:v', 'libwebp']],
  ['image/avif', 'a.avif', ['-c:v', 'libaom-av1', '-still-picture', '1', '-cpu-used', '8', '-pix_fmt', 'yuv420p']],
];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'grabline-image-type-'));
  await Promise.all(ENCODINGS.map(([, name, args]) =>
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x36:rate=1', '-frames:v', '1', ...args, path.join(dir, name)])));
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytes = (text: string) => new TextEncoder().encode(text);

describe('imageTypeOf', () => {
  it.each(ENCODINGS)('tells %s from its first bytes', (type, name) => {
    expect(imageTypeOf(new Uint8Array(readFileSync(path.join(dir, name))))).toBe(type);
  });

  it.each([
    ['an HTML page', bytes('<!doctype html><html><body>hi</body></html>')],
    ['an SVG, which can carry script', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a RIFF that is not WebP (a WAV)', bytes('RIFF\u0024\u0000\u0000\u0000WAVEfmt ')],
    ['an MP4 (ftyp without an AVIF brand)', new Uint8Array([0, 0, 0, 0x18, ...bytes('ftypisom'), 0, 0, 2, 0, ...bytes('isomiso2mp41')])],
    ['a truncated PNG signature', new Uint8Array([0x89, 0x50, 0x4e, 0x47])],
    ['nothing', new Uint8Array()],
  ])('refuses %s', (_, value) => {
    expect(imageTypeOf(value)).toBeUndefined();
  });
});
