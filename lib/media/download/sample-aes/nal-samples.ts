import { createDecipheriv } from 'node:crypto';

/**
 * H.264 under SAMPLE-AES (Apple's MPEG-2 Stream Encryption Format for HTTP Live Streaming): a NAL unit of type 1
 * or 5 longer than 48 bytes, with its emulation prevention bytes removed, keeps its first 32 bytes clear; then
 * one 16-byte block in ten is encrypted (16 encrypted, up to 144 clear, again), AES-128-CBC with the chain
 * restarting from the key's IV in every NAL unit, and a trailing part shorter than a block clear. The encrypted
 * unit then gets emulation prevention bytes again. Lengths are those of the unit without them.
 */
const LEADER = 32;
const MIN_ENCRYPTED = 48;

/** Emulation prevention bytes (0x03 after 0x00 0x00) removed. */
export function unescapeNal(nal: Buffer): Buffer {
  const out = Buffer.alloc(nal.length);
  let n = 0;
  let zeros = 0;
  for (const byte of nal) {
    if (zeros >= 2 && byte === 0x03) {
      zeros = 0;
      continue;
    }
    out[n++] = byte;
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return out.subarray(0, n);
}

/** Emulation prevention bytes put in: no 0x000000–0x000003 inside, and a unit never ends in 0x00. */
export function escapeNal(rbsp: Buffer): Buffer {
  const out: number[] = [];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 0x03) {
      out.push(0x03);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  if (out[out.length - 1] === 0) out.push(0x03);
  return Buffer.from(out);
}

/** The pattern's encrypted blocks of one unescaped NAL unit, deciphered in place. */
function decryptPattern(nal: Buffer, key: Buffer, iv: Buffer): void {
  const decipher = createDecipheriv('aes-128-cbc', key, iv).setAutoPadding(false);
  for (let at = LEADER; nal.length - at > 16; at += 16 + 144) {
    decipher.update(nal.subarray(at, at + 16)).copy(nal, at);
  }
}

export const isProtectedNal = (rbsp: Buffer) => (rbsp[0] & 0x1f) === 1 || (rbsp[0] & 0x1f) === 5 ? rbsp.length > MIN_ENCRYPTED : false;

/** Start codes (00 00 01, with any leading zero bytes) and the NAL units between them, in order. */
export function splitAnnexB(es: Buffer): { prefix: Buffer; nal: Buffer }[] {
  const starts: number[] = [];
  for (let i = 0; i + 2 < es.length; i++) {
    if (es[i] === 0 && es[i + 1] === 0 && es[i + 2] === 1) {
      starts.push(i);
      i += 2;
    }
  }
  const units: { prefix: Buffer; nal: Buffer }[] = [];
  let prefixFrom = 0;
  starts.forEach((start, k) => {
    const from = start + 3;
    let to = k + 1 < starts.length ? starts[k + 1] : es.length;
    // Zero bytes before the next start code belong to it (a 4-byte start code, trailing_zero_8bits).
    if (k + 1 < starts.length) while (to > from && es[to - 1] === 0) to--;
    units.push({ prefix: es.subarray(prefixFrom, from), nal: es.subarray(from, to) });
    prefixFrom = to;
  });
  if (starts.length === 0) return [{ prefix: Buffer.alloc(0), nal: es }];
  return units;
}

/** An H.264 Annex B access unit (a PES payload) with every protected NAL unit decrypted. */
export function decryptH264(es: Buffer, key: Buffer, iv: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (const { prefix, nal } of splitAnnexB(es)) {
    parts.push(prefix);
    const rbsp = unescapeNal(nal);
    if (!isProtectedNal(rbsp)) {
      parts.push(nal);
      continue;
    }
    decryptPattern(rbsp, key, iv);
    parts.push(escapeNal(rbsp));
  }
  return Buffer.concat(parts);
}
