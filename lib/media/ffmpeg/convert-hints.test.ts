import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ffmpeg } from '@/test/fixtures/run-tool';
import { convertFiles } from './convert';
import { streamFromHint } from './convert-hints';
import * as probe from './probe';

const dir = mkdtempSync(path.join(tmpdir(), 'grabline-hints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('streamFromHint', () => {
  it.each([
    ['avc1.640028', 'h264'], ['avc1.4d401f', 'h264'], ['avc3.42E01E', 'h264'],
    ['hvc1.1.6.L93.B0', 'hevc'], ['vp09.00.40.08', 'vp9'], ['vp9', 'vp9'], ['av01.0.08M.08', 'av1'],
  ])('video %s is %s', (codec, name) => {
    expect(streamFromHint('video', { vcodec: codec })?.codecName).toBe(name);
  });

  it.each(['h264', 'avc1.f4001f', 'avc1.6e0028', 'unknown', 'theora'])('video %s is not precise enough to skip the probe', (codec) => {
    expect(streamFromHint('video', { vcodec: codec })).toBeUndefined();
  });

  it.each([['mp4a.40.2', 'aac'], ['mp4a.40.5', 'aac'], ['aac', 'aac'], ['opus', 'opus'], ['mp3', 'mp3']])('audio %s is %s', (codec, name) => {
    expect(streamFromHint('audio', { acodec: codec })?.codecName).toBe(name);
  });

  it.each([null, 'unknown', 'ac-3'])('audio %s needs the probe', (codec) => {
    expect(streamFromHint('audio', { acodec: codec })).toBeUndefined();
  });
});

/** Two-second picture and sound files, MPEG-TS by default (whose heads name their codecs) or MP4/M4A (whose do not). */
async function makeInputs(container: 'mpegts' | 'mp4' = 'mpegts') {
  const video = path.join(dir, container === 'mpegts' ? 'video.ts' : 'video.mp4');
  const audio = path.join(dir, container === 'mpegts' ? 'audio.ts' : 'audio.m4a');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-f', container, '-y', video]);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=duration=2', '-c:a', 'aac', '-f', container, '-y', audio]);
  return { video, audio };
}

describe('convertFiles with codec hints', () => {
  it('merges precisely named TS streams by copy without probing, into an MP4 that plays', async () => {
    const { video, audio } = await makeInputs();
    const spy = vi.spyOn(probe, 'probeMedia');
    const output = path.join(dir, 'merged.mp4');
    const plan = { kind: 'video', container: 'mp4', videoCodec: 'copy', audioCodec: 'copy', video: { vcodec: 'avc1.64001e' }, audio: { acodec: 'mp4a.40.2' } } as const;
    await convertFiles({ plan, videoPath: video, audioPath: audio, output });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    const result = await probe.probeMedia(output);
    expect(result.formatName).toContain('mp4');
    expect(result.streams.map((s) => s.codecName).sort()).toEqual(['aac', 'h264']);
    expect(result.duration).toBeGreaterThan(1.8);
  });

  it('still probes when a codec is unknown and the files do not name theirs', async () => {
    const { video, audio } = await makeInputs('mp4');
    const spy = vi.spyOn(probe, 'probeMedia');
    const plan = { kind: 'video', container: 'mp4', videoCodec: 'copy', audioCodec: 'copy', video: { vcodec: 'unknown' }, audio: { acodec: 'mp4a.40.2' } } as const;
    await convertFiles({ plan, videoPath: video, audioPath: audio, output: path.join(dir, 'probed.mp4') });
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('encodes an MP3 from a source named as sound without probing, its progress from the length the extraction gave', async () => {
    const { audio } = await makeInputs('mp4');
    const spy = vi.spyOn(probe, 'probeMedia');
    const output = path.join(dir, 'named.mp3');
    const fractions: number[] = [];
    const plan = { kind: 'audio', container: 'mp3', audioCodec: 'mp3', audioBitrate: 192, audio: { acodec: 'mp4a.40.2', duration: 2 } } as const;
    await convertFiles({ plan, audioPath: audio, output, onProgress: (f) => fractions.push(f) });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(fractions.at(-1)).toBe(1);
    const result = await probe.probeMedia(output);
    expect(result.formatName).toBe('mp3');
    expect(result.streams.map((s) => s.codecName)).toEqual(['mp3']);
    expect(result.duration).toBeGreaterThan(1.8);
  });

  it('folds a 5.1 source into the stereo an MP3 holds without being told its channels', async () => {
    const surround = path.join(dir, 'surround.m4a');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=duration=2', '-filter_complex', '[0]asplit=6[a][b][c][d][e][f];[a][b][c][d][e][f]join=inputs=6:channel_layout=5.1', '-c:a', 'aac', '-y', surround]);
    const output = path.join(dir, 'surround.mp3');
    await convertFiles({ plan: { kind: 'audio', container: 'mp3', audioCodec: 'mp3', audioBitrate: 192, audio: { acodec: 'mp4a.40.2' } }, audioPath: surround, output });
    const stream = (await probe.probeMedia(output)).streams[0];
    expect(stream).toMatchObject({ codecName: 'mp3', channels: 2 });
  });

  it('still probes an MP3 encode when the length for its progress bar is not known', async () => {
    const { audio } = await makeInputs('mp4');
    const spy = vi.spyOn(probe, 'probeMedia');
    const plan = { kind: 'audio', container: 'mp3', audioCodec: 'mp3', audioBitrate: 192, audio: { acodec: 'mp4a.40.2' } } as const;
    await convertFiles({ plan, audioPath: audio, output: path.join(dir, 'unnamed.mp3'), onProgress: () => undefined });
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});
