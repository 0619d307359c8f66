import { describe, expect, it } from 'vitest';
import { packetize, packetsOf } from '@/lib/media/formats/mpegts';
import { encryptH264 } from '@/test/fixtures/sample-aes-ts';
import { decryptH264, escapeNal, splitAnnexB, unescapeNal } from './nal-samples';

const key = Buffer.from('0123456789abcdef');
const iv = Buffer.alloc(16, 7);

describe('H.264 under SAMPLE-AES', () => {
  it('emulation prevention round-trips, including after 0x000003 and at the end', () => {
    const rbsp = Buffer.from([0x65, 0, 0, 0, 0, 0, 3, 0, 0, 1, 0, 0, 2, 9, 0, 0]);
    const escaped = escapeNal(rbsp);
    expect(escaped.includes(Buffer.from([0, 0, 0]))).toBe(false);
    expect(escaped[escaped.length - 1]).toBe(3);
    expect(unescapeNal(escaped)).toEqual(rbsp);
  });

  it('splits Annex B with 3- and 4-byte start codes, keeping every byte', () => {
    const es = Buffer.from([0, 0, 0, 1, 9, 0xf0, 0, 0, 1, 0x67, 1, 2, 0, 0, 0, 1, 0x65, 5]);
    const units = splitAnnexB(es);
    expect(units.map((u) => u.nal[0])).toEqual([9, 0x67, 0x65]);
    expect(Buffer.concat(units.flatMap((u) => [u.prefix, u.nal]))).toEqual(es);
  });

  it('decrypts what the encryptor sealed: slices over 48 bytes change, parameter sets and short slices do not', () => {
    const slice = Buffer.concat([Buffer.from([0x65]), Buffer.from(Array.from({ length: 400 }, (_, i) => (i * 37) % 251))]);
    const short = Buffer.from([0x41, ...Array(40).fill(0x11)]);
    const sps = Buffer.from([0x67, ...Array(60).fill(0x22)]);
    const es = Buffer.concat([Buffer.from([0, 0, 0, 1]), sps, Buffer.from([0, 0, 1]), short, Buffer.from([0, 0, 1]), escapeNal(slice)]);
    const sealed = encryptH264(es, key, iv);
    expect(sealed.equals(es)).toBe(false);
    expect(sealed.subarray(0, 4 + sps.length + 3 + short.length)).toEqual(es.subarray(0, 4 + sps.length + 3 + short.length));
    expect(decryptH264(sealed, key, iv)).toEqual(es);
  });

  it('packetizes a PES of any size into whole TS packets that carry it back', () => {
    for (const size of [1, 183, 184, 185, 1000]) {
      const pes = Buffer.from(Array.from({ length: size }, (_, i) => i & 0xff));
      const pcr = Buffer.from([2, 0x50, 1, 2, 3, 4, 5, 6]);
      const packets = packetsOf(Buffer.concat(packetize(0x100, pes, pcr, 15)));
      expect(Buffer.concat(packets.map((p) => p.payload))).toEqual(pes);
      expect(packets[0].adaptation.subarray(2, 8)).toEqual(pcr.subarray(2, 8));
      expect(packets.map((p) => p.raw[3] & 0x0f)).toEqual(packets.map((_, i) => (15 + i) & 0x0f));
    }
  });
});
