import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Fetcher } from './fetcher';
import { probeRemote } from './probe-remote';

let dir: string;
let file: Buffer;
let server: Server;
let origin: string;
let ranges: string[] = [];
let honourRange = true;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'grabline-probe-remote-'));
  const path = join(dir, 'moov-last.mp4');
  await promisify(execFile)('/usr/bin/ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=3',
    '-f', 'lavfi', '-i', 'sine=duration=3', '-c:v', 'libx264', '-preset', 'veryfast', '-c:a', 'aac', '-shortest', path]);
  file = await readFile(path);
  server = createServer((req, res) => {
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    ranges.push(req.headers.range ?? '');
    if (!range || !honourRange) return res.writeHead(200, { 'content-length': file.length }).end(file);
    const start = Number(range[1]);
    const end = Math.min(range[2] ? Number(range[2]) : file.length - 1, file.length - 1);
    res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${file.length}`, 'content-length': end - start + 1 });
    res.end(file.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  ranges = [];
  honourRange = true;
});

const fetcher: Fetcher = (url, opts) => fetch(url, { headers: opts?.headers, signal: opts?.signal });

describe('probeRemote with the in-process parsers', () => {
  it('reads an MP4 whose moov comes last with one Range request for the moov', async () => {
    const head = file.subarray(0, 4096); // as if the file were larger than the head we fetched
    const result = await probeRemote(fetcher, `${origin}/clip.mp4`, file.length, head);
    expect(result).toMatchObject({ vcodec: 'h264', acodec: 'aac', width: 320, height: 240, fps: 25, container: 'mov' });
    expect(result!.duration).toBeCloseTo(3, 1);
    expect(ranges).toEqual([`bytes=${file.indexOf('moov') - 4}-`]);
  });

  it('falls back to the whole file when the server ignores Range', async () => {
    honourRange = false;
    const result = await probeRemote(fetcher, `${origin}/clip.mp4`, file.length, file.subarray(0, 4096));
    expect(result).toMatchObject({ vcodec: 'h264', acodec: 'aac', width: 320 });
    expect(ranges).toHaveLength(2); // the refused tail, then the whole file for ffprobe
  });
});
