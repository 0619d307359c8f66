import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { parseWebm } from './webm';

/** An EBML element: the ID's bytes as written, an 8-byte size (or "unknown"), then the body. */
function el(id: number, body: Buffer | string | number[], unknownSize = false): Buffer {
  const idBytes = Buffer.from(id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'), 'hex');
  const data = Buffer.isBuffer(body) ? body : typeof body === 'string' ? Buffer.from(body, 'latin1') : Buffer.from(body);
  // 8-byte vint: marker byte 0x01, then 7 bytes of value; all ones means "unknown".
  const size = Buffer.alloc(8);
  if (unknownSize) size.fill(0xff);
  else size.writeBigUInt64BE(BigInt(data.length));
  size[0] = 0x01;
  return Buffer.concat([idBytes, size, data]);
}
const cat = (...parts: Buffer[]) => Buffer.concat(parts);
const double = (n: number) => { const b = Buffer.alloc(8); b.writeDoubleBE(n); return b; };
const float = (n: number) => { const b = Buffer.alloc(4); b.writeFloatBE(n); return b; };

const header = (docType = 'webm') => el(0x1a45dfa3, el(0x4282, docType));
const info = (ticks: Buffer) => el(0x1549a966, cat(el(0x2ad7b1, [0x0f, 0x42, 0x40]), el(0x4489, ticks)));
const tracks = el(0x1654ae6b, cat(
  el(0xae, cat(el(0x83, [1]), el(0x86, 'V_AV1'), el(0x23e383, [0x02, 0x7c, 0x6b, 0x2d]), el(0xe0, cat(el(0xb0, [0x07, 0x80]), el(0xba, [0x04, 0x38]))))),
  el(0xae, cat(el(0x83, [2]), el(0x86, 'A_OPUS'), el(0xe1, cat(el(0xb5, float(48000)), el(0x9f, [2]))))),
));

describe('parseWebm', () => {
  it('reads Info and Tracks inside a Segment of unknown size, as live and streamed files write it', () => {
    const file = cat(header(), el(0x18538067, cat(el(0x114d9b74, [0, 0]), info(double(90500)), tracks), true));
    expect(parseWebm(file)).toEqual({
      docType: 'webm', duration: 90.5,
      tracks: [
        { kind: 'video', codecId: 'V_AV1', fps: 23.976, width: 1920, height: 1080 },
        { kind: 'audio', codecId: 'A_OPUS', sampleRate: 48000, channels: 2 },
      ],
    });
  });

  it('takes a 4-byte float duration and omits a missing one', () => {
    const file = (infoEl: Buffer) => cat(header('matroska'), el(0x18538067, cat(infoEl, tracks)));
    expect(parseWebm(file(info(float(2000))))?.duration).toBe(2);
    expect(parseWebm(file(el(0x1549a966, el(0x2ad7b1, [0x0f, 0x42, 0x40]))))?.duration).toBeUndefined();
  });

  it('gives up (null) when clusters come before the tracks or the bytes stop first', () => {
    const cluster = el(0x1f43b675, [0, 0, 0], true);
    expect(parseWebm(cat(header(), el(0x18538067, cat(info(double(1000)), cluster, tracks), true)))).toBeNull();
    const whole = cat(header(), el(0x18538067, cat(info(double(1000)), tracks)));
    expect(parseWebm(whole.subarray(0, whole.length - 30))).toBeNull();
    expect(parseWebm(cat(header('other'), el(0x18538067, tracks)))).toBeNull();
  });

  it('throws AppError for an element that overruns its parent', () => {
    const broken = Buffer.from(tracks);
    broken.writeUInt32BE(0x7fffffff, 16); // inflates the first TrackEntry's size
    expect(() => parseWebm(cat(header(), el(0x18538067, cat(info(double(1000)), broken))))).toThrow(AppError);
  });
});
