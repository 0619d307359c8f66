import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanMp4 } from '@/lib/media/formats/mp4';
import { fastProbe } from './fast-probe';
import { probeFacts, type MediaFacts } from './probe';

const run = promisify(execFile);
const CLIP = ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=duration=3'];
const TONE = ['-f', 'lavfi', '-i', 'sine=duration=3'];
const STILL = ['-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-frames:v', '1'];
const H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-level', '3.1'];
const VP9 = ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8'];
/** Slow encoders get a shorter, smaller clip. */
const SHORT = ['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=24:duration=1', '-f', 'lavfi', '-i', 'sine=duration=1'];

/** name → ffmpeg arguments; every file is compared with what ffprobe says about it. */
const MEDIA: Record<string, string[]> = {
  'faststart.mp4': [...CLIP, ...H264, '-c:a', 'aac', '-shortest', '-movflags', '+faststart'],
  'moov-last.mp4': [...CLIP, ...H264, '-c:a', 'aac', '-shortest'],
  'fragmented.mp4': [...CLIP, ...H264, '-c:a', 'aac', '-shortest', '-movflags', 'frag_keyframe+empty_moov'],
  'hevc.mp4': [...SHORT, '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=none', '-tag:v', 'hvc1',
    '-c:a', 'ac3', '-shortest'],
  'vp9-opus.mp4': [...SHORT, ...VP9, '-c:a', 'libopus', '-shortest'],
  'av1.mp4': [...SHORT, '-c:v', 'libsvtav1', '-preset', '12', '-an'],
  'vp9-opus.webm': [...SHORT, ...VP9, '-c:a', 'libopus', '-shortest'],
  'vp8-vorbis.mkv': [...SHORT, '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libvorbis', '-shortest'],
  'audio.m4a': [...TONE, '-c:a', 'aac'],
  'cbr.mp3': [...TONE, '-c:a', 'libmp3lame', '-b:a', '128k', '-metadata', 'title=A tone'],
  'vbr.mp3': [...TONE, '-c:a', 'libmp3lame', '-q:a', '4'],
  'bare.mp3': [...TONE, '-c:a', 'libmp3lame', '-b:a', '96k', '-write_xing', '0', '-id3v2_version', '0'],
  'still.jpg': STILL, 'still.png': STILL, 'still.webp': STILL, 'still.gif': STILL,
};

let dir: string;
const files: Record<string, Buffer> = {};
const truth: Record<string, MediaFacts> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'grabline-fast-probe-'));
  await Promise.all(Object.entries(MEDIA).map(async ([name, args]) => {
    const path = join(dir, name);
    await run('/usr/bin/ffmpeg', ['-v', 'error', '-y', ...args, path]);
    files[name] = await readFile(path);
    // Pictures go by their bytes: a picture's file extension would pick ffmpeg's image2 demuxer, which reads
    // file patterns and is not among the demuxers we allow.
    truth[name] = await probeFacts(/\.(jpg|png|webp|gif)$/.test(name) ? { bytes: files[name] } : { path });
  }));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function expectSameAsFfprobe(name: string, result: ReturnType<typeof fastProbe>) {
  const expected = truth[name];
  if (!result || 'needsTail' in result) throw new Error(`${name}: no fast answer (${JSON.stringify(result)})`);
  expect(result.vcodec, name).toBe(expected.vcodec);
  expect(result.acodec, name).toBe(expected.acodec);
  expect([result.width, result.height], name).toEqual([expected.width, expected.height]);
  if (expected.duration && !name.startsWith('still')) expect(Math.abs(result.duration! - expected.duration), name).toBeLessThan(0.05);
  if (expected.fps && !name.startsWith('still')) expect(result.fps, name).toBeCloseTo(expected.fps, 1);
  if (expected.bitrate && !name.startsWith('still')) expect(Math.abs(result.bitrate! / expected.bitrate - 1), name).toBeLessThan(0.02);
}

describe('fastProbe against ffprobe', () => {
  it.each(['faststart.mp4', 'hevc.mp4', 'vp9-opus.mp4', 'av1.mp4', 'audio.m4a', 'vp9-opus.webm', 'vp8-vorbis.mkv',
    'cbr.mp3', 'vbr.mp3', 'bare.mp3', 'still.jpg', 'still.png', 'still.webp', 'still.gif'])('reads %s like ffprobe', (name) => {
    expectSameAsFfprobe(name, fastProbe(files[name], files[name].length));
  });

  it('names containers as ffprobe does over a pipe', () => {
    const container = (name: string) => (fastProbe(files[name], files[name].length) as MediaFacts).container;
    expect(['faststart.mp4', 'audio.m4a', 'vp9-opus.webm', 'vp8-vorbis.mkv', 'cbr.mp3', 'still.jpg', 'still.png'].map(container))
      .toEqual(['mov', 'mov', 'matroska', 'matroska', 'mp3', 'jpeg_pipe', 'png_pipe']);
  });

  it('asks for the tail of an MP4 whose moov comes last, then reads it from there', () => {
    const file = files['moov-last.mp4'];
    const moovAt = file.indexOf('moov') - 4;
    const head = file.subarray(0, 4096);
    expect(fastProbe(head, file.length)).toEqual({ needsTail: { offset: moovAt } });
    // The first bytes of the tail show the moov's size; the rest completes it.
    expect(fastProbe(head, file.length, { offset: moovAt, bytes: file.subarray(moovAt, moovAt + 16) }))
      .toEqual({ needsTail: { offset: moovAt, length: file.length - moovAt } });
    expectSameAsFfprobe('moov-last.mp4', fastProbe(head, file.length, { offset: moovAt, bytes: file.subarray(moovAt) }));
  });

  it('estimates a CBR MP3 without a Xing header from its size, and gives only the bitrate without one', () => {
    const file = files['bare.mp3'];
    expect(file.includes('Xing') || file.includes('Info')).toBe(false);
    expect(fastProbe(file.subarray(0, 8192))).toMatchObject({ acodec: 'mp3', bitrate: 96, duration: undefined });
  });

  it("takes a fragmented MP4's duration from mehd, and leaves it to ffprobe when mehd is missing", () => {
    const file = files['fragmented.mp4'];
    expect(fastProbe(file, file.length)).toBeNull();
    const withMehd = insertMehd(file, 3000); // ffmpeg's mvhd timescale is 1000
    expect(fastProbe(withMehd, withMehd.length)).toMatchObject({ vcodec: 'h264', acodec: 'aac', width: 320, duration: 3 });
  });

  it('leaves to ffprobe what it cannot settle: unknown bytes, a whole head with no moov', () => {
    const frag = files['faststart.mp4'];
    expect(fastProbe(Buffer.from('just some text, not media'))).toBeNull();
    expect(fastProbe(Buffer.alloc(0))).toBeNull();
    // The whole file is here and holds no moov: nothing further to fetch.
    const noMoov = frag.subarray(0, 32);
    expect(fastProbe(noMoov, noMoov.length)).toBeNull();
  });
});

describe('scanMp4 codec strings (RFC 6381)', () => {
  it('reads avcC, hvcC, vpcC, av1C and esds from real files', () => {
    const codecs = (name: string) => {
      const scan = scanMp4(files[name]);
      if (!scan || !('info' in scan)) throw new Error(`${name}: no moov`);
      return scan.info.tracks.map((t) => t.codec);
    };
    expect(codecs('faststart.mp4')).toEqual(['avc1.64001f', 'mp4a.40.2']);
    expect(codecs('hevc.mp4')).toEqual([expect.stringMatching(/^hvc1\.1\.6\.L\d+(\.[0-9A-F]+)+$/), 'ac-3']);
    expect(codecs('vp9-opus.mp4')).toEqual([expect.stringMatching(/^vp09\.00\.\d\d\.08$/), 'opus']);
    expect(codecs('av1.mp4')).toEqual([expect.stringMatching(/^av01\.0\.\d\dM\.08$/)]);
    expect(codecs('audio.m4a')).toEqual(['mp4a.40.2']);
  });
});

/** The same file with a version-0 mehd (fragment_duration in mvhd units) added to mvex, sizes patched. */
function insertMehd(file: Buffer, units: number): Buffer {
  const mehd = Buffer.alloc(16);
  mehd.writeUInt32BE(16, 0);
  mehd.write('mehd', 4, 'latin1');
  mehd.writeUInt32BE(units, 12);
  const moovAt = file.indexOf('moov') - 4;
  const mvexAt = file.indexOf('mvex') - 4;
  const out = Buffer.concat([file.subarray(0, mvexAt + 8), mehd, file.subarray(mvexAt + 8)]);
  out.writeUInt32BE(out.readUInt32BE(moovAt) + 16, moovAt);
  out.writeUInt32BE(out.readUInt32BE(mvexAt) + 16, mvexAt);
  return out;
}
