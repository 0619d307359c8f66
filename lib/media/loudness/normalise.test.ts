import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstStream, probeMedia } from '@/lib/media/ffmpeg/probe';
import { makeAudio, makeVideo, readLoudness, streamDigest } from './loudness.testkit';
import { normaliseLoudness } from './normalise';
import { MAX_TRUE_PEAK, TARGET_LUFS, type LoudnessTarget } from './targets';

const dir = mkdtempSync(path.join(tmpdir(), 'grabline-loudness-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const within = async (file: string, target: LoudnessTarget) => {
  const read = await readLoudness(file);
  expect(Math.abs(read.integrated - TARGET_LUFS[target])).toBeLessThanOrEqual(1);
  expect(read.truePeak).toBeLessThanOrEqual(MAX_TRUE_PEAK);
  return read;
};

describe('normaliseLoudness', () => {
  it.each([
    ['quiet', 'mp3', 'streaming'],
    ['loud', 'mp3', 'podcast'],
    ['quiet', 'm4a', 'broadcast'],
    ['loud', 'm4a', 'streaming'],
    ['quiet', 'wav', 'podcast'],
    ['loud', 'ogg', 'broadcast'],
  ] as const)('brings a %s %s to the %s target, read back by ebur128 within 1 LU and under -1 dBTP', async (sound, container, target) => {
    const file = path.join(dir, `${sound}-${target}.${container}`);
    await makeAudio(file, sound, container);
    const before = await readLoudness(file);
    expect(Math.abs(before.integrated - TARGET_LUFS[target])).toBeGreaterThan(5);
    expect(await normaliseLoudness(file, { container, target })).toBe('normalised');
    await within(file, target);
    const probe = await probeMedia(file);
    expect(probe.duration).toBeCloseTo(6, 0);
    expect(firstStream(probe, 'audio')?.sampleRate).toBe(48_000);
  }, 60_000);

  it.each([['mp4', 'quiet', 'streaming'], ['webm', 'loud', 'broadcast']] as const)(
    're-encodes only the sound of a %s video (%s → %s): the picture is copied packet for packet', async (container, sound, target) => {
      const file = path.join(dir, `video-${sound}.${container}`);
      await makeVideo(file, sound, container);
      const picture = await streamDigest(file, 'v:0');
      const steps: number[] = [];
      expect(await normaliseLoudness(file, { container, target, onProgress: (f) => steps.push(f) })).toBe('normalised');
      expect(await streamDigest(file, 'v:0')).toBe(picture);
      await within(file, target);
      expect(steps.at(-1)).toBe(1);
      expect(steps).toEqual([...steps].sort((a, b) => a - b));
    }, 60_000);

  it('leaves a file without sound, and one of silence, as they are', async () => {
    const silent = path.join(dir, 'silent.wav');
    const { execFileSync } = await import('node:child_process');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo', '-t', '2', '-f', 'wav', '-y', silent]);
    expect(await normaliseLoudness(silent, { container: 'wav', target: 'streaming' })).toBe('silent');
    const mute = path.join(dir, 'mute.mp4');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=15:duration=2',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mp4', '-y', mute]);
    const picture = await streamDigest(mute, 'v:0');
    expect(await normaliseLoudness(mute, { container: 'mp4', target: 'streaming' })).toBe('no-audio');
    expect(await streamDigest(mute, 'v:0')).toBe(picture);
  }, 30_000);

  it('keeps the tags', async () => {
    const file = path.join(dir, 'tagged.mp3');
    await makeAudio(file, 'quiet', 'mp3', 3);
    await normaliseLoudness(file, { container: 'mp3', target: 'podcast' });
    const { execFileSync } = await import('node:child_process');
    const title = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format_tags=title', '-of', 'default=nw=1:nk=1', file]).toString().trim();
    expect(title).toBe('Fixture');
  }, 30_000);
});
