import { createDecipheriv } from 'node:crypto';
import { AppError } from '@/lib/errors';

/** AC-3 frame sizes in 16-bit words by frmsizecod, for 48, 44.1 and 32 kHz (ATSC A/52 table 5.18). */
const AC3_WORDS = [
  [64, 64, 80, 80, 96, 96, 112, 112, 128, 128, 160, 160, 192, 192, 224, 224, 256, 256, 320, 320, 384, 384, 448, 448, 512, 512, 640, 640, 768, 768, 896, 896, 1024, 1024, 1152, 1152, 1280, 1280],
  [69, 70, 87, 88, 104, 105, 121, 122, 139, 140, 174, 175, 208, 209, 243, 244, 278, 279, 348, 349, 417, 418, 487, 488, 557, 558, 696, 697, 835, 836, 975, 976, 1114, 1115, 1253, 1254, 1393, 1394],
  [96, 96, 120, 120, 144, 144, 168, 168, 192, 192, 240, 240, 288, 288, 336, 336, 384, 384, 480, 480, 576, 576, 672, 672, 768, 768, 960, 960, 1152, 1152, 1344, 1344, 1536, 1536, 1728, 1728, 1920, 1920],
];

/** The size in bytes of the AC-3 or E-AC-3 sync frame at `at` (syncword 0x0B77), or undefined. */
export function syncFrameSize(es: Buffer, at: number): number | undefined {
  if (es.length - at < 6 || es[at] !== 0x0b || es[at + 1] !== 0x77) return undefined;
  const bsid = es[at + 5] >> 3;
  // E-AC-3 (bsid 11–16): frmsiz, 11 bits, is the size in words minus one.
  if (bsid > 10) return ((((es[at + 2] & 0x07) << 8) | es[at + 3]) + 1) * 2;
  const fscod = es[at + 4] >> 6;
  const words = AC3_WORDS[fscod]?.[es[at + 4] & 0x3f];
  return words === undefined ? undefined : words * 2;
}

/**
 * SAMPLE-AES over AC-3 / E-AC-3 in PES packets: every sync frame keeps its first 16 bytes clear, then whole
 * 16-byte blocks are AES-128-CBC encrypted (the chain restarting from the IV in each frame) and a trailing part
 * shorter than a block is clear. Frames keep their sizes.
 */
export function decryptSyncFrames(es: Buffer, key: Buffer, iv: Buffer): Buffer {
  const out = Buffer.from(es);
  let at = 0;
  while (at < out.length) {
    const size = syncFrameSize(out, at);
    if (!size || at + size > out.length) throw new AppError('upstream_failed', 'An AC-3 frame is cut short or malformed', { retryable: false });
    const start = at + 16;
    const blocks = Math.max(0, Math.floor((at + size - start) / 16));
    if (blocks > 0) {
      const decipher = createDecipheriv('aes-128-cbc', key, iv).setAutoPadding(false);
      decipher.update(out.subarray(start, start + blocks * 16)).copy(out, start);
    }
    at += size;
  }
  return out;
}
