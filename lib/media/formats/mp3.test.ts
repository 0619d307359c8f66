import { describe, expect, it } from 'vitest';
import { parseMp3 } from './mp3';

/** An MPEG-1 Layer III frame of `kbps` at 44.1 kHz, stereo, padded to its length, optionally carrying a tag. */
function frame(kbps: number, tag?: Buffer): Buffer {
  const index = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320].indexOf(kbps) + 1;
  const out = Buffer.alloc(Math.floor((144 * kbps * 1000) / 44100));
  out.writeUInt32BE(((0x7ff << 21) | (3 << 19) | (1 << 17) | (1 << 16) | (index << 12)) >>> 0);
  if (tag) tag.copy(out, 4 + 32);
  return out;
}
const u32 = (n: number) => { const b = Buffer.alloc(4); b.writeUInt32BE(n); return b; };
/** ID3v2.4 header with a syncsafe size: 7 bits per byte. */
const id3 = (size: number) => Buffer.concat([Buffer.from('ID3\x04\x00\x00', 'latin1'),
  Buffer.from([(size >> 21) & 127, (size >> 14) & 127, (size >> 7) & 127, size & 127]), Buffer.alloc(size)]);

describe('parseMp3', () => {
  it('skips an ID3v2 tag by its syncsafe size and reads a CBR duration from the file size', () => {
    const tag = id3(300);
    const audio = Buffer.concat(Array.from({ length: 10 }, () => frame(128)));
    const info = parseMp3(Buffer.concat([tag, audio]), tag.length + 128_000);
    expect(info).toEqual({ version: 1, layer: 3, bitrate: 128, sampleRate: 44100, channels: 2, duration: 8 });
  });

  it('uses the Xing frame count for VBR, and the VBRI one', () => {
    const xing = frame(64, Buffer.concat([Buffer.from('Xing'), u32(3), u32(383), u32(50_000)]));
    const vbr = parseMp3(Buffer.concat([xing, frame(64), frame(64)]));
    expect(vbr?.duration).toBeCloseTo((383 * 1152) / 44100, 6);
    expect(vbr?.bitrate).toBe(40); // 50 000 bytes over 10.005 s
    const vbri = Buffer.alloc(64);
    vbri.write('VBRI', 0);
    vbri.writeUInt32BE(60_000, 10);
    vbri.writeUInt32BE(766, 14);
    const fraunhofer = Buffer.alloc(417);
    frame(128).copy(fraunhofer);
    vbri.copy(fraunhofer, 36);
    expect(parseMp3(Buffer.concat([fraunhofer, frame(128)]))?.duration).toBeCloseTo((766 * 1152) / 44100, 6);
  });

  it('needs a second frame where the first ends before it trusts a sync word', () => {
    const lone = Buffer.concat([frame(128).subarray(0, 4), Buffer.alloc(2000, 0x11)]);
    expect(parseMp3(lone)).toBeNull();
    expect(parseMp3(Buffer.from([0xff, 0xf1, 0x50, 0x80, 0, 0, 0]))).toBeNull(); // ADTS AAC, layer bits 00
    expect(parseMp3(id3(50))).toBeNull();
  });
});
