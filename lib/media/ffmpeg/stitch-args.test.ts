import { describe, expect, it } from 'vitest';
import type { ProbeResult, ProbedStream } from './probe';
import { buildShiftArgs, buildStitchArgs, nextOffset, runsCopyable } from './stitch-args';

const video = (over: Partial<ProbedStream> = {}): ProbedStream => ({
  index: 0, codecType: 'video', codecName: 'h264', width: 320, height: 180, startTime: 0.021333, duration: 4, frameRate: 25, ...over,
});
const audio = (over: Partial<ProbedStream> = {}): ProbedStream => ({
  index: 1, codecType: 'audio', codecName: 'aac', channels: 2, sampleRate: 48000, startTime: 0, duration: 4.032, ...over,
});
const probe = (...streams: ProbedStream[]): ProbeResult => ({ formatName: 'mpegts', duration: 4.032, size: 1, streams });

describe('nextOffset', () => {
  it('puts the next run\'s first picture right after the last one when the sound allows', () => {
    const quiet = probe(video(), audio({ duration: 4 }));
    expect(nextOffset(0, quiet, quiet)).toBeCloseTo(4, 6);
  });

  it('moves the run later by whole frames when its sound would overlap the previous run\'s', () => {
    const run = probe(video(), audio());
    // Audio ends at 4.032 while the picture ends at 4.021: one 40 ms frame later, no overlap.
    expect(nextOffset(0, run, run)).toBeCloseTo(4.04, 6);
    expect(nextOffset(10, run, run)).toBeCloseTo(14.04, 6);
  });

  it('follows an audio-only run by its sound', () => {
    const sound = probe(audio({ startTime: 0, duration: 2.005 }));
    expect(nextOffset(0, sound, sound)).toBeCloseTo(2.005, 6);
  });
});

describe('runsCopyable', () => {
  const run = (...streams: ProbedStream[]) => ({ path: '/tmp/x', probe: probe(...streams) });

  it('copies runs of one shape in codecs MPEG-TS carries', () => {
    expect(runsCopyable([run(video(), audio()), run(video(), audio())])).toBe(true);
  });

  it('encodes all runs when codec, picture size or audio layout changes, or a codec MPEG-TS does not carry appears', () => {
    expect(runsCopyable([run(video({ codecName: 'vp9' }), audio()), run(video(), audio())])).toBe(false);
    expect(runsCopyable([run(video(), audio()), run(video({ width: 640, height: 360 }), audio())])).toBe(false);
    expect(runsCopyable([run(video(), audio()), run(video(), audio({ channels: 6 }))])).toBe(false);
    expect(runsCopyable([run(video(), audio({ codecName: 'opus' })), run(video(), audio({ codecName: 'opus' }))])).toBe(false);
  });
});

describe('stitch arguments', () => {
  it('reads only the local run with the demuxer whitelist and writes MPEG-TS from 0', () => {
    const args = buildStitchArgs({ path: '/tmp/run-0', probe: probe(video(), audio()) }, { offsetSeconds: 0, copy: true, shapeOf: probe(video()), output: '/tmp/o.ts' });
    expect(args.slice(0, 6)).toEqual(['-protocol_whitelist', 'file,pipe', '-format_whitelist', expect.any(String), '-i', '/tmp/run-0']);
    expect(args).toEqual(expect.arrayContaining(['-c:v', 'copy', '-c:a', 'copy', '-f', 'mpegts']));
  });

  it('encodes to the first run\'s picture size and stereo AAC when the runs differ', () => {
    const args = buildStitchArgs({ path: '/tmp/run-1', probe: probe(video({ codecName: 'vp9', width: 480, height: 270 }), audio({ codecName: 'opus' })) },
      { offsetSeconds: 0, copy: false, shapeOf: probe(video()), output: '/tmp/o.ts' });
    expect(args.join(' ')).toContain('scale=320:180');
    expect(args).toEqual(expect.arrayContaining(['-c:v', 'libx264', '-c:a', 'aac', '-ac', '2']));
  });

  it('shifts a run by copying with its clock kept and moved', () => {
    const args = buildShiftArgs('/tmp/zero-1.ts', 4.04, '/tmp/part-1.ts');
    expect(args).toEqual(expect.arrayContaining(['-copyts', '-output_ts_offset', '4.040000', '-c', 'copy']));
    expect(args.slice(0, 2)).toEqual(['-protocol_whitelist', 'file,pipe']);
  });
});
