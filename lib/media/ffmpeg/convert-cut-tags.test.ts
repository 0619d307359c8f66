import { describe, expect, it } from 'vitest';
import { buildConvertArgs, type ConvertInput, type ConvertJob } from './convert-args';
import type { FileTags } from './metadata-args';
import type { ProbedStream } from './probe';

const input = (file: string, formatName: string, streams: Partial<ProbedStream>[]): ConvertInput => ({
  path: file,
  probe: { formatName, duration: 60, size: 1, streams: streams.map((s, index) => ({ index, codecType: 'video', codecName: 'h264', ...s })) },
});
const muxed = input('/t/muxed', 'mov,mp4,m4a,3gp,3g2,mj2', [
  { codecType: 'video', codecName: 'h264', pixFmt: 'yuv420p' }, { codecType: 'audio', codecName: 'aac' },
]);
const aac = input('/t/audio', 'mpegts', [{ codecType: 'audio', codecName: 'aac' }]);
const tags: FileTags = { title: 'A "title"\nover two lines', artist: 'Uploader', date: '2024-05-01', source: 'YouTube', url: 'https://www.youtube.com/watch?v=x' };
const args = (job: Partial<ConvertJob> & { plan: ConvertJob['plan'] }) => buildConvertArgs({ output: '/t/out', ...job });
const mp4 = { kind: 'video', container: 'mp4', videoCodec: 'copy', audioCodec: 'copy' } as const;

describe('cuts', () => {
  it('a copied cut seeks each input and sets the length, moving the keyframe to 0', () => {
    const out = args({ plan: mp4, video: muxed, audio: muxed, cut: { videoSeek: 10.0005, audioSeek: 10.0005, length: 5, encode: false } }).join(' ');
    expect(out).toMatch(/^-ss 10\.000500 -protocol_whitelist file,pipe .* -i \/t\/muxed /);
    expect(out).toContain('-c:v copy');
    expect(out).toContain('-t 5.000 -avoid_negative_ts make_zero');
  });

  it('an exact cut encodes picture and sound and keeps the encoder\'s timestamps', () => {
    const out = args({ plan: mp4, video: muxed, audio: muxed, cut: { videoSeek: 12.3, audioSeek: 12.3, length: 2.4, encode: true } }).join(' ');
    expect(out).toContain('-c:v libx264');
    expect(out).toContain('-c:a aac');
    expect(out).toContain('-t 2.400');
    expect(out).not.toContain('avoid_negative_ts');
  });

  it('separate inputs are sought separately (a window of segments starts each at its own offset)', () => {
    const video = input('/t/video', 'mpegts', [{ codecType: 'video', codecName: 'h264', pixFmt: 'yuv420p' }]);
    const out = args({ plan: mp4, video, audio: aac, cut: { videoSeek: 1.5, audioSeek: 0.5, length: 3, encode: false } }).join(' ');
    expect(out).toMatch(/-ss 1\.500000 [^]*-i \/t\/video -ss 0\.500000 [^]*-i \/t\/audio/);
  });
});

describe('tags and covers', () => {
  it('writes title, artist, date and the source as one-line tags, after dropping the source\'s own', () => {
    const out = args({ plan: mp4, video: muxed, audio: muxed, tags });
    const at = out.indexOf('-map_metadata');
    expect(out.slice(at, at + 2)).toEqual(['-map_metadata', '-1']);
    expect(out).toEqual(expect.arrayContaining(['title=A "title" over two lines', 'artist=Uploader', 'date=2024-05-01', 'comment=YouTube: https://www.youtube.com/watch?v=x']));
    expect(out.indexOf('title=A "title" over two lines')).toBeGreaterThan(at);
    expect(out).not.toContain('publisher=YouTube');
  });

  it('MP3: the source as publisher (TPUB) and the cover as the attached picture, ID3v2.3', () => {
    const out = args({ plan: { kind: 'audio', container: 'mp3', audioCodec: 'mp3', audioBitrate: 320 }, audio: aac, tags, cover: '/t/cover' });
    const joined = out.join(' ');
    expect(out).toContain('publisher=YouTube');
    expect(joined).toContain('-i /t/audio');
    expect(joined).toMatch(/-i \/t\/cover .*-map 1:V:0 -c:v:0 mjpeg/);
    expect(joined).toContain('-disposition:v:0 attached_pic');
    expect(joined).not.toContain('-vn');
    expect(joined).toContain('-id3v2_version 3 -f mp3');
  });

  it('no cover without tags, and none in containers that cannot hold one', () => {
    expect(args({ plan: { kind: 'audio', container: 'mp3', audioCodec: 'mp3' }, audio: aac, cover: '/t/cover' }).join(' ')).not.toContain('/t/cover');
    const opus = args({ plan: { kind: 'audio', container: 'ogg', audioCodec: 'opus' }, audio: aac, tags, cover: '/t/cover' }).join(' ');
    expect(opus).not.toContain('/t/cover');
    expect(opus).toContain('-vn');
    expect(opus).toContain('title=');
  });

  it('the messaging file: a bitrate for 16 MB over the length, at most 720 lines', () => {
    const out = args({ plan: { kind: 'video', container: 'mp4', videoCodec: 'h264', audioCodec: 'aac', audioBitrate: 96, messaging: true }, video: muxed, audio: muxed }).join(' ');
    // 60 s: (15 MB × 8 × 0.97) / 60 s − 96 kbit/s = 1844 kbit/s for the picture.
    expect(out).toContain('-b:v 1844k');
    expect(out).toContain("scale=-2:'min(720,trunc(ih/2)*2)'");
    expect(out).toContain('-movflags +faststart -f mp4');
  });
});
