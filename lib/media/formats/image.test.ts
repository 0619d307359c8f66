import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { parseImage } from './image';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

describe('parseImage', () => {
  it('finds the JPEG frame header past APPn segments, fill bytes and a DHT that shares the SOF range', () => {
    const app1 = Buffer.concat([hex('ffe1 0010'), Buffer.alloc(14)]);
    const dht = Buffer.concat([hex('ffc4 0006'), Buffer.alloc(4)]);
    const sof2 = hex('ffff ffc2 0011 08 0438 0780 03 012200 021101 031101');
    expect(parseImage(Buffer.concat([hex('ffd8'), app1, dht, sof2]))).toEqual({ codec: 'mjpeg', width: 1920, height: 1080 });
    expect(parseImage(Buffer.concat([hex('ffd8'), app1, hex('ffda 0008')]))).toBeNull();
  });

  it('reads PNG IHDR and GIF screen size', () => {
    const png = Buffer.concat([hex('89504e470d0a1a0a 0000000d'), Buffer.from('IHDR'), hex('00000500 000002d0 0806000000')]);
    expect(parseImage(png)).toEqual({ codec: 'png', width: 1280, height: 720 });
    expect(parseImage(Buffer.concat([Buffer.from('GIF89a'), hex('4001 f000')]))).toEqual({ codec: 'gif', width: 320, height: 240 });
  });

  it('reads the three WebP flavours', () => {
    const riff = (chunk: string, data: Buffer) => Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'),
      Buffer.from(chunk), Buffer.alloc(4), data]);
    expect(parseImage(riff('VP8 ', hex('000000 9d012a 8002 e001')))).toEqual({ codec: 'webp', width: 640, height: 480 });
    // VP8L: 14-bit width-1 and height-1 packed little-endian after the 0x2f signature.
    const bits = 99 | (49 << 14);
    const vp8l = Buffer.alloc(5);
    vp8l[0] = 0x2f;
    vp8l.writeUInt32LE(bits, 1);
    expect(parseImage(riff('VP8L', vp8l))).toEqual({ codec: 'webp', width: 100, height: 50 });
    expect(parseImage(riff('VP8X', hex('10000000 ff0f00 ff0f00')))).toEqual({ codec: 'webp', width: 4096, height: 4096 });
  });

  it('returns null for other bytes and throws AppError for a truncated header', () => {
    expect(parseImage(Buffer.from('plain text'))).toBeNull();
    expect(() => parseImage(hex('ffd8 ffe1 0010 00'))).toThrow(AppError);
    expect(() => parseImage(hex('89504e470d0a1a0a 0000000d'))).toThrow(AppError);
  });
});
