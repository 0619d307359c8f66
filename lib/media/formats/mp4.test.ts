import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { scanMp4 } from './mp4';

const u32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const u64 = (n: number) => Buffer.concat([u32(Math.floor(n / 2 ** 32)), u32(n >>> 0)]);
const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const zeros = (n: number) => Buffer.alloc(n);
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const ftyp = box('ftyp', Buffer.from('isom'), u32(512), Buffer.from('isomiso2mp41'));

/** mvhd, tkhd and mdhd in their 64-bit (version 1) layouts. */
function moovV1(entry: Buffer, handler: 'vide' | 'soun', seconds: number) {
  const mvhd = box('mvhd', u32(1 << 24), zeros(16), u32(1000), u64(seconds * 1000), zeros(80));
  const tkhd = box('tkhd', u32(1 << 24), zeros(16), u32(1), zeros(4), u64(0), zeros(52), u32(640 << 16), u32(360 << 16));
  const mdhd = box('mdhd', u32(1 << 24), zeros(16), u32(90000), u64(seconds * 90000), zeros(4));
  const hdlr = box('hdlr', zeros(8), Buffer.from(handler), zeros(13));
  const stts = box('stts', zeros(4), u32(1), u32(seconds * 30), u32(3000));
  const stbl = box('stbl', box('stsd', zeros(4), u32(1), entry), stts);
  return box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', stbl))));
}

const visual = (type: string, config: Buffer) => box(type, zeros(24), u16(640), u16(360), zeros(50), config);
const audio = (type: string, config: Buffer) => box(type, zeros(8), zeros(8), u16(2), u16(16), zeros(4), u32(48000 << 16), config);
/** esds: ES descriptor → DecoderConfig (objectTypeIndication) → DecoderSpecificInfo (AudioSpecificConfig). */
const esds = (oti: number, asc: number[]) => box('esds', zeros(4), Buffer.from([3, 23 + asc.length, 0, 1, 0,
  4, 15 + asc.length, oti, 0x15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, asc.length, ...asc]));

const infoOf = (bytes: Buffer) => {
  const scan = scanMp4(bytes);
  if (!scan || !('info' in scan)) throw new Error(`no info: ${JSON.stringify(scan)}`);
  return scan.info;
};

describe('scanMp4', () => {
  it('reads version-1 (64-bit) mvhd, tkhd and mdhd, the coded size and the frame rate', () => {
    const info = infoOf(Buffer.concat([ftyp, moovV1(visual('avc1', box('avcC', Buffer.from([1, 0x4d, 0x40, 0x28]))), 'vide', 12)]));
    expect(info.duration).toBe(12);
    expect(info.tracks).toEqual([{ kind: 'video', codec: 'avc1.4d4028', width: 640, height: 360, duration: 12, fps: 30 }]);
  });

  it('names AAC profiles and MP3-in-MP4 from esds', () => {
    const codec = (config: Buffer) => infoOf(Buffer.concat([ftyp, moovV1(audio('mp4a', config), 'soun', 2)])).tracks[0];
    expect(codec(esds(0x40, [0x12, 0x10]))).toMatchObject({ kind: 'audio', codec: 'mp4a.40.2', channels: 2, sampleRate: 48000 });
    expect(codec(esds(0x40, [0x2b, 0x92, 0x08, 0x00]))).toMatchObject({ codec: 'mp4a.40.5' });
    expect(codec(esds(0x6b, []))).toMatchObject({ codec: 'mp4a.6b' });
  });

  it('follows a 64-bit mdat to where the moov must start', () => {
    const mdat = Buffer.concat([u32(1), Buffer.from('mdat'), u64(5_000_000_000)]);
    expect(scanMp4(Buffer.concat([ftyp, mdat, zeros(1000)]))).toEqual({ needsTail: { offset: ftyp.length + 5_000_000_000 } });
    // Past the end of the file there is nothing to fetch.
    expect(scanMp4(Buffer.concat([ftyp, mdat]), 0, 4_000_000_000)).toBeNull();
  });

  it('treats size 0 as "to the end": an mdat like that leaves no room for a moov', () => {
    const open = Buffer.concat([u32(0), Buffer.from('mdat'), zeros(100)]);
    expect(scanMp4(Buffer.concat([ftyp, open]))).toBeNull();
  });

  it('asks for the rest of a moov cut off by the end of the head', () => {
    const moov = moovV1(visual('avc1', box('avcC', Buffer.from([1, 0x64, 0, 0x1f]))), 'vide', 5);
    const head = Buffer.concat([ftyp, moov]).subarray(0, ftyp.length + 40);
    expect(scanMp4(head)).toEqual({ needsTail: { offset: ftyp.length, length: moov.length } });
    // The fetched tail starts at the moov: its boxes are read at that file offset.
    expect(scanMp4(moov, ftyp.length)).toMatchObject({ info: { duration: 5, tracks: [{ codec: 'avc1.64001f' }] } });
  });

  it('refuses what is not a movie: other bytes, HEIF/AVIF stills, unknown top-level boxes', () => {
    expect(scanMp4(Buffer.from('not an mp4 at all'))).toBeNull();
    expect(scanMp4(Buffer.concat([box('ftyp', Buffer.from('avif'), zeros(4)), box('meta', zeros(20))]))).toBeNull();
    expect(scanMp4(Buffer.concat([ftyp, box('junk', zeros(4))]))).toBeNull();
  });

  it('throws AppError for a child running past its parent and for a flood of boxes', () => {
    const overrun = Buffer.concat([ftyp, box('moov', u32(400), Buffer.from('mvhd'), zeros(20))]);
    expect(() => scanMp4(overrun)).toThrow(AppError);
    // Without the cap this walks to the end and answers null; with it the walk stops early.
    const flood = Buffer.concat([ftyp, ...Array.from({ length: 5000 }, () => box('free'))]);
    expect(() => scanMp4(flood)).toThrow(AppError);
  });
});
