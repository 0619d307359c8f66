import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createNameAllocator, safeStem } from './entry-names';
import { zipChunks, zipStream, type ZipSource } from './zip-stream';

// Debian's python: its zipfile module is the independent reader we check our archives against.
const PYTHON = '/usr/bin/python3';
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function writeArchive(sources: Iterable<ZipSource> | AsyncIterable<ZipSource>): Promise<string> {
  dir = mkdtempSync(path.join(tmpdir(), 'grabline-zip-'));
  const file = path.join(dir, 'out.zip');
  const body = new Response(zipStream(sources));
  writeFileSync(file, Buffer.from(await body.arrayBuffer()));
  return file;
}

async function* chunked(data: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

const source = (name: string, data: Buffer, chunk = 1000): ZipSource => ({ name, open: async () => chunked(data, chunk) });

describe('zipStream', () => {
  it('writes an archive that python lists, tests and extracts byte for byte', async () => {
    const a = Buffer.alloc(150_000, 7);
    const b = Buffer.from('héllo wörld\n'.repeat(999));
    const file = await writeArchive([source('first clip.mp4', a, 4096), source('Ünïcode — 日本.mp3', b), source('empty.txt', Buffer.alloc(0))]);
    execFileSync(PYTHON, ['-m', 'zipfile', '-t', file]);
    const listing = execFileSync(PYTHON, ['-m', 'zipfile', '-l', file], { encoding: 'utf8' });
    expect(listing).toContain('first clip.mp4');
    expect(listing).toContain('Ünïcode — 日本.mp3');
    const out = path.join(dir!, 'x');
    execFileSync(PYTHON, ['-m', 'zipfile', '-e', file, out]);
    expect(readFileSync(path.join(out, 'first clip.mp4')).equals(a)).toBe(true);
    expect(readFileSync(path.join(out, 'Ünïcode — 日本.mp3')).equals(b)).toBe(true);
    expect(readFileSync(path.join(out, 'empty.txt')).length).toBe(0);
    // Info-ZIP's reader agrees (it checks every CRC).
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
  });

  it('an empty archive is still a valid one', async () => {
    const file = await writeArchive([]);
    expect(readFileSync(file).length).toBe(22);
    execFileSync(PYTHON, ['-c', 'import sys, zipfile; assert zipfile.ZipFile(sys.argv[1]).namelist() == []', file]);
  });

  it('switches to ZIP64 end records past 65535 entries', async () => {
    const many = function* () {
      for (let i = 0; i < 70_000; i++) yield source(`f${i}.txt`, Buffer.from(String(i)));
    };
    const file = await writeArchive(many());
    const check = 'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nn = z.namelist()\nassert len(n) == 70000, len(n)\nassert z.read("f69999.txt") == b"69999"\nassert z.testzip() is None';
    execFileSync(PYTHON, ['-c', check, file]);
  }, 60_000);

  it('writes ZIP64 sizes and offsets for a file past 4 GiB', async () => {
    // 4 GiB + 1 MiB of zeros, streamed for real (CRC and all) but written as a hole: a sparse file on disk.
    const zero = new Uint8Array(1 << 20);
    const big: ZipSource = {
      name: 'big.bin',
      open: async () => (function* () {
        for (let i = 0; i < 4097; i++) yield zero;
      })(),
    };
    dir = mkdtempSync(path.join(tmpdir(), 'grabline-zip64-'));
    const file = path.join(dir, 'big.zip');
    const fd = openSync(file, 'w');
    let at = 0;
    for await (const chunk of zipChunks([source('small.txt', Buffer.from('first')), big, source('after.txt', Buffer.from('last'))])) {
      if (chunk !== zero) writeSync(fd, chunk, 0, chunk.length, at);
      at += chunk.length;
    }
    closeSync(fd);
    const check = [
      'import sys, zipfile, zlib',
      'z = zipfile.ZipFile(sys.argv[1])',
      'i = z.getinfo("big.bin")',
      'assert i.file_size == (4097 << 20), i.file_size',
      'crc = 0',
      'for _ in range(4097): crc = zlib.crc32(bytes(1 << 20), crc)',
      'assert i.CRC == crc, (i.CRC, crc)',
      'a = z.getinfo("after.txt")',
      'assert a.header_offset > 0xFFFFFFFF, a.header_offset',
      'assert z.read("after.txt") == b"last" and z.read("small.txt") == b"first"',
    ].join('\n');
    execFileSync(PYTHON, ['-c', check, file]);
    expect(execFileSync('unzip', ['-l', file], { encoding: 'utf8' })).toMatch(/4296015872\s.*big\.bin/);
  }, 120_000);

  it('opens each file only when its turn comes', async () => {
    const opened: string[] = [];
    const lazy = (name: string): ZipSource => ({ name, open: async () => (opened.push(name), chunked(Buffer.from(name), 4)) });
    const reader = zipStream([lazy('a'), lazy('b')]).getReader();
    await reader.read();
    expect(opened).toEqual([]);
    await reader.read();
    expect(opened).toEqual(['a']);
    await reader.cancel();
  });
});

describe('archive names', () => {
  it('strips paths, control and bidi characters, and keeps a name when nothing is left', () => {
    expect(safeStem('../../etc/passwd')).toBe('etc passwd');
    expect(safeStem('evil\u202Egpj.exe')).toBe('evil gpj.exe');
    expect(safeStem('  ...  ')).toBe('media');
    expect(Buffer.byteLength(safeStem('é'.repeat(300)))).toBeLessThanOrEqual(200);
  });

  it('trims a title of 100 000 dots between two letters in linear time (a page chooses its own title)', () => {
    // The fastest of three runs counts: a pause of the machine is not the code's, a quadratic trim is slow every time.
    const title = `A${'.'.repeat(100_000)}Z`;
    let fastest = Infinity;
    let stem = '';
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      stem = safeStem(title);
      fastest = Math.min(fastest, performance.now() - started);
    }
    expect(fastest).toBeLessThan(50);
    expect(stem).toBe('A');
    expect(safeStem(`Ab${'.'.repeat(100_000)}`)).toBe('Ab');
    expect(safeStem(`. .${'.'.repeat(100_000)}Z. .`)).toBe('Z');
    expect(safeStem(' . .. ')).toBe('media');
  });

  it('numbers repeated titles, ignoring case', () => {
    const name = createNameAllocator();
    expect(name('Clip', 'mp4')).toBe('Clip.mp4');
    expect(name('clip', 'mp4')).toBe('clip (2).mp4');
    expect(name('Clip', 'mp3')).toBe('Clip.mp3');
    expect(name(undefined, 'mp4')).toBe('media.mp4');
  });
});

describe('zipStream onEnd (what the archive held is given back once)', () => {
  it('runs once when the archive is read to its end', async () => {
    let ended = 0;
    const stream = zipStream([source('a.bin', Buffer.alloc(10, 1))], { onEnd: () => ended++ });
    expect(ended).toBe(0);
    await new Response(stream).arrayBuffer();
    expect(ended).toBe(1);
  });

  it('runs once when the reader cancels half way, and the rest is never opened', async () => {
    let ended = 0;
    let opened = 0;
    const counted = (name: string): ZipSource => ({ name, open: async () => (opened++, chunked(Buffer.alloc(50_000, 2), 1000)) });
    const stream = zipStream([counted('a.bin'), counted('b.bin')], { onEnd: () => ended++ });
    const reader = stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(ended).toBe(1);
    expect(opened).toBe(1);
  });

  it('runs once when a file fails to open', async () => {
    let ended = 0;
    const broken: ZipSource = { name: 'gone.mp4', open: () => Promise.reject(new Error('expired')) };
    const stream = zipStream([broken], { onEnd: () => ended++ });
    await expect(new Response(stream).arrayBuffer()).rejects.toThrow();
    expect(ended).toBe(1);
  });
});
