import { describe, expect, it } from 'vitest';
import { SAFE_DEMUXERS } from './input-args';
import { buildConvertArgs, type ConvertInput, type ConvertJob } from './convert-args';
import type { ProbedStream } from './probe';

const input = (file: string, formatName: string, streams: Partial<ProbedStream>[]): ConvertInput => ({
  path: file,
  probe: { formatName, duration: 8, size: 1, streams: streams.map((s, index) => ({ index, codecType: 'video', codecName: 'h264', ...s })) },
});
const h264Ts = input('/t/video', 'mpegts', [{ codecType: 'video', codecName: 'h264', pixFmt: 'yuv420p' }]);
const aacTs = input('/t/audio', 'mpegts', [{ codecType: 'audio', codecName: 'aac' }]);
const muxedMp4 = input('/t/muxed', 'mov,mp4,m4a,3gp,3g2,mj2', [
  { codecType: 'video', codecName: 'h264', pixFmt: 'yuv420p' }, { codecType: 'audio', codecName: 'aac' },
]);
const args = (job: Partial<ConvertJob> & { plan: ConvertJob['plan'] }) => buildConvertArgs({ output: '/t/out', ...job }).join(' ');

describe('buildConvertArgs', () => {
  it('merges TS video and audio by copy into a faststart MP4, fixing ADTS for MP4', () => {
    const out = args({ plan: { kind: 'video', container: 'mp4', videoCodec: 'copy', audioCodec: 'copy' }, video: h264Ts, audio: aacTs });
    expect(out).toContain(`-protocol_whitelist file,pipe -format_whitelist ${SAFE_DEMUXERS} -i /t/video`);
    expect(out).toContain(`-protocol_whitelist file,pipe -format_whitelist ${SAFE_DEMUXERS} -i /t/audio`);
    expect(out).toContain('-map 0:0 -map 1:0 -c:v copy -c:a copy -bsf:a aac_adtstoasc');
    expect(out).toContain('-movflags +faststart -f mp4 -y /t/out');
  });

  it('reads a muxed source once, for both streams', () => {
    const out = args({ plan: { kind: 'video', container: 'mp4', videoCodec: 'copy', audioCodec: 'copy' }, video: muxedMp4, audio: muxedMp4 });
    expect(out.match(/-i /g)).toHaveLength(1);
    expect(out).toContain('-map 0:0 -map 0:1');
    expect(out).not.toContain('aac_adtstoasc');
  });

  it('encodes H.264 for phones: veryfast, yuv420p, high profile, AAC', () => {
    const vp9 = input('/t/v', 'matroska,webm', [{ codecType: 'video', codecName: 'vp9' }, { codecType: 'audio', codecName: 'opus' }]);
    const out = args({ plan: { kind: 'video', container: 'mp4', videoCodec: 'h264', audioCodec: 'aac', audioBitrate: 192 }, video: vp9, audio: vp9 });
    expect(out).toContain('-c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p -profile:v high');
    expect(out).toContain('-c:a aac -b:a 192k');
  });

  it('trusts the probe over the plan: an "unknown" audio that is not AAC is encoded, 4:4:4 H.264 too', () => {
    const mp3Audio = input('/t/a', 'mp3', [{ codecType: 'audio', codecName: 'mp3' }]);
    const yuv444 = input('/t/v', 'mpegts', [{ codecType: 'video', codecName: 'h264', pixFmt: 'yuv444p' }]);
    const out = args({ plan: { kind: 'video', container: 'mp4', videoCodec: 'copy', audioCodec: 'copy' }, video: yuv444, audio: mp3Audio });
    expect(out).toContain('-c:v libx264');
    expect(out).toContain('-c:a aac -b:a 192k');
  });

  it.each([
    ['mp3', 'mp3', 320, '-map 0:1 -vn -c:a libmp3lame -b:a 320k', '-f mp3'],
    ['mp3', 'mp3', 128, '-c:a libmp3lame -b:a 128k', '-f mp3'],
    ['m4a', 'copy', undefined, '-c:a copy', '-movflags +faststart -f ipod'],
    ['wav', 'pcm_s16le', undefined, '-c:a pcm_s16le', '-f wav'],
    ['ogg', 'opus', 160, '-c:a libopus -b:a 160k', '-f ogg'],
  ] as const)('audio into %s (%s %s)', (container, audioCodec, audioBitrate, codecArgs, muxer) => {
    const out = args({ plan: { kind: 'audio', container, audioCodec, audioBitrate }, audio: muxedMp4 });
    expect(out).toContain(codecArgs);
    expect(out).toContain(muxer);
    expect(out).toContain('-vn');
  });

  it('tags copied HEVC as hvc1 (what Apple players require)', () => {
    const hevc = input('/t/v', 'mov,mp4,m4a,3gp,3g2,mj2', [{ codecType: 'video', codecName: 'hevc' }]);
    expect(args({ plan: { kind: 'video', container: 'mp4', videoCodec: 'copy' }, video: hevc })).toContain('-c:v copy -tag:v hvc1');
  });

  it('skips cover art when looking for the picture', () => {
    const withCover = input('/t/a', 'mp3', [{ codecType: 'video', codecName: 'mjpeg' }, { codecType: 'audio', codecName: 'mp3' }]);
    expect(() => args({ plan: { kind: 'video', container: 'mp4', videoCodec: 'copy' }, video: withCover })).toThrow(/no video stream/);
  });

  it('refuses a source without a picture as the fault of the media (a 422), never an internal error', () => {
    const audioOnly = input('/t/a', 'mp3', [{ codecType: 'audio', codecName: 'mp3' }]);
    expect(() => args({ plan: { kind: 'video', container: 'mp4', videoCodec: 'copy' }, video: audioOnly })).toThrow(
      expect.objectContaining({ code: 'no_media', status: 422 }),
    );
  });
});
