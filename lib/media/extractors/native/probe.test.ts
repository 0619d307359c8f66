import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { factsOf, probeBytes } from './probe';

let dir: string;
let webm: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'grabline-probe-test-'));
  const out = join(dir, 'clip.webm');
  await promisify(execFile)('/usr/bin/ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2',
    '-f', 'lavfi', '-i', 'sine=duration=2', '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-c:a', 'libopus', '-shortest', out]);
  webm = await readFile(out);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('probeBytes', () => {
  it('reads codecs, size, rate and duration from bytes on stdin', async () => {
    const result = await probeBytes(webm);
    expect(result).toMatchObject({ vcodec: 'vp9', acodec: 'opus', width: 320, height: 240, fps: 25, container: 'matroska' });
    expect(result.duration).toBeCloseTo(2, 0);
  });

  it('refuses bytes that are not media with upstream_failed', async () => {
    await expect(probeBytes(Buffer.from('just some text, not media'))).rejects.toMatchObject({ code: 'upstream_failed' });
    await expect(probeBytes(Buffer.alloc(0))).rejects.toBeInstanceOf(AppError);
  });
});

describe('factsOf', () => {
  it('does not count cover art as video', () => {
    const result = factsOf({
      formatName: 'mp3', duration: 5, size: 80_000, bitrate: 128_000,
      streams: [{ index: 0, codecType: 'audio', codecName: 'mp3' }, { index: 1, codecType: 'video', codecName: 'mjpeg', attachedPic: true }],
    });
    expect(result).toMatchObject({ vcodec: null, acodec: 'mp3', bitrate: 128, duration: 5 });
  });
});
