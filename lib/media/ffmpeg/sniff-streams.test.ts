import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg } from '@/test/fixtures/run-tool';
import { sniffTsStreams } from './sniff-streams';

let dir: string;
const file = (name: string) => path.join(dir, name);
const inputs = ['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25:duration=1', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'];
const picture = (pixFmt: string) => [...inputs, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', pixFmt];
const sound = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'grabline-sniff-'));
  await Promise.all([
    ffmpeg([...picture('yuv420p'), '-c:a', 'aac', '-f', 'mpegts', file('h264-aac.ts')]),
    ffmpeg([...picture('yuv444p'), '-c:a', 'aac', '-f', 'mpegts', file('h264-444.ts')]),
    ffmpeg([...sound, '-c:a', 'libmp3lame', '-f', 'mpegts', file('mp3.ts')]),
    ffmpeg([...picture('yuv420p'), '-c:a', 'ac3', '-f', 'mpegts', file('h264-ac3.ts')]),
    ffmpeg([...picture('yuv420p'), '-c:a', 'aac', '-f', 'mp4', file('h264-aac.mp4')]),
  ]);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('sniffTsStreams', () => {
  it('reads H.264 (a 4:2:0 profile) and AAC from the PMT and the first SPS', async () => {
    expect(await sniffTsStreams(file('h264-aac.ts'))).toEqual({
      video: { codecType: 'video', codecName: 'h264', pixFmt: 'yuv420p' },
      audio: { codecType: 'audio', codecName: 'aac' },
    });
  });

  it('sound alone', async () => {
    expect(await sniffTsStreams(file('mp3.ts'))).toEqual({ audio: { codecType: 'audio', codecName: 'mp3' } });
  });

  it('leaves to the probe what the head cannot say precisely: a 4:4:4 profile, AC-3 (private in the PMT), not MPEG-TS', async () => {
    expect(await sniffTsStreams(file('h264-444.ts'))).toBeUndefined();
    expect(await sniffTsStreams(file('h264-ac3.ts'))).toBeUndefined();
    expect(await sniffTsStreams(file('h264-aac.mp4'))).toBeUndefined();
  });
});
