import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { parseImage } from '@/lib/media/formats/image';
import { parseMp3 } from '@/lib/media/formats/mp3';
import { scanMp4 } from '@/lib/media/formats/mp4';
import { parseWebm } from '@/lib/media/formats/webm';
import { fastProbe } from './fast-probe';

const RUNS = 300;
const CLIP = ['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25:duration=1', '-f', 'lavfi', '-i', 'sine=duration=1'];
const STILL = ['-f', 'lavfi', '-i', 'testsrc2=size=160x120', '-frames:v', '1'];
const H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-c:a', 'aac', '-shortest'];
const MEDIA: Record<string, string[]> = {
  'faststart.mp4': [...CLIP, ...H264, '-movflags', '+faststart'],
  'moov-last.mp4': [...CLIP, ...H264],
  'fragmented.mp4': [...CLIP, ...H264, '-movflags', 'frag_keyframe+empty_moov'],
  'audio.m4a': [...CLIP.slice(4), '-c:a', 'aac'],
  'clip.webm': [...CLIP, '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus', '-shortest'],
  'cbr.mp3': [...CLIP.slice(4), '-c:a', 'libmp3lame', '-b:a', '128k', '-metadata', 'title=t'],
  'vbr.mp3': [...CLIP.slice(4), '-c:a', 'libmp3lame', '-q:a', '4'],
  'still.jpg': STILL, 'still.png': STILL, 'still.webp': STILL, 'still.gif': STILL,
};

let dir: string;
const files: Record<string, Buffer> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'grabline-fast-probe-fuzz-'));
  await Promise.all(Object.entries(MEDIA).map(async ([name, args]) => {
    await promisify(execFile)('/usr/bin/ffmpeg', ['-v', 'error', '-y', ...args, join(dir, name)]);
    files[name] = await readFile(join(dir, name));
  }));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A small seeded PRNG so a failure names its seed and replays exactly. */
function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Edits aimed mostly at [from, to) — where the headers are — since that is where a parser can be misled. */
function mutate(input: Buffer, random: () => number, from: number, to: number): Buffer {
  let bytes = Buffer.from(input);
  const pick = () => (random() < 0.8 ? from + Math.floor(random() * (to - from)) : Math.floor(random() * bytes.length));
  for (let edits = 1 + Math.floor(random() * 4); edits > 0; edits -= 1) {
    const at = Math.min(pick(), bytes.length);
    const op = random();
    if (op < 0.25) bytes = bytes.subarray(0, at);
    else if (op < 0.5) bytes[at] = Math.floor(random() * 256);
    else if (op < 0.7 && at + 4 <= bytes.length) {
      // Sizes and counts: zero, one, huge, or just off by a little.
      const values = [0, 1, 7, 8, 0xffffffff, 0x7fffffff, bytes.readUInt32BE(at) + 1, bytes.readUInt32BE(at) - 1];
      bytes.writeUInt32BE(values[Math.floor(random() * values.length)] >>> 0, at);
    } else if (op < 0.85) bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + Math.floor(random() * 64))]);
    else {
      const source = Math.floor(random() * bytes.length);
      bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(source, source + 64), bytes.subarray(at)]);
    }
  }
  return bytes;
}

/** Runs `probe`; anything thrown must be an AppError, and a tail asked for must be a real file offset. */
function survive(name: string, seed: number, probe: () => unknown): void {
  try {
    const result = probe() as { needsTail?: { offset: number; length?: number } } | null;
    if (result?.needsTail) {
      expect(Number.isSafeInteger(result.needsTail.offset) && result.needsTail.offset >= 0, `${name} seed ${seed}`).toBe(true);
    }
  } catch (error) {
    expect(error, `${name} seed ${seed}: ${String(error)}`).toBeInstanceOf(AppError);
  }
}

describe('fast probe fuzz: truncated and mutated media never throw anything but AppError', () => {
  it.each(Object.keys(MEDIA))('%s', (name) => {
    const file = files[name];
    const moovAt = name === 'moov-last.mp4' ? file.indexOf('moov') - 4 : 0;
    const [from, to] = moovAt ? [moovAt, file.length] : [0, Math.min(file.length, 4096)];
    const random = rng(name.length * 7919);
    for (let seed = 0; seed < RUNS; seed += 1) {
      const bytes = mutate(file, random, from, to);
      survive(name, seed, () => fastProbe(bytes, file.length));
      survive(name, seed, () => fastProbe(bytes.subarray(0, 2048), undefined));
      const tail = { offset: moovAt, bytes: bytes.subarray(moovAt) };
      if (moovAt) survive(name, seed, () => fastProbe(file.subarray(0, 4096), file.length, tail));
      // Each parser on its own, fed bytes that are not its format as well.
      const parsers = [() => scanMp4(bytes, 0, file.length), () => parseWebm(bytes), () => parseMp3(bytes, file.length), () => parseImage(bytes)];
      for (const parse of parsers) survive(name, seed, parse);
    }
  });
});
