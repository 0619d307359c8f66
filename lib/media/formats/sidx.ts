import { AppError } from '@/lib/errors';
import type { ByteRange, Fragment } from '@/lib/media/types';
import { readingSourceBytes } from './bytes';
import { isoBoxes } from './iso-boxes';

/**
 * A `sidx` box (ISO/IEC 14496-12 §8.16.3) → the byte range and duration of each subsegment it indexes. Offsets
 * count from the first byte after the sidx box, which sits at `sidxOffset` in the file. A reference to another
 * sidx (hierarchical index) is refused: DASH's indexRange points at a flat one in every profile we meet.
 */
export function readSidx(buf: Buffer, sidxOffset: number, url: string): Fragment[] {
  return readingSourceBytes(() => readSidxUnchecked(buf, sidxOffset, url));
}

function readSidxUnchecked(buf: Buffer, sidxOffset: number, url: string): Fragment[] {
  const box = isoBoxes(buf).find((b) => b.type === 'sidx');
  if (!box) throw new AppError('upstream_failed', 'The stream has no segment index');
  const version = buf[box.body];
  let at = box.body + 4 + 4; // version/flags, reference_ID
  const timescale = buf.readUInt32BE(at);
  at += 4;
  const firstOffset = version === 0 ? buf.readUInt32BE(at + 4) : Number(buf.readBigUInt64BE(at + 8));
  at += version === 0 ? 8 : 16;
  const count = buf.readUInt16BE(at + 2);
  at += 4;
  if (timescale === 0 || at + count * 12 > box.end) throw new AppError('upstream_failed', 'The segment index is malformed');
  let offset = sidxOffset + (box.end - box.start) + firstOffset;
  const fragments: Fragment[] = [];
  for (let i = 0; i < count; i++, at += 12) {
    const word = buf.readUInt32BE(at);
    if (word >>> 31) throw new AppError('upstream_failed', 'A hierarchical segment index is not supported');
    const size = word & 0x7fffffff;
    const range: ByteRange = { start: offset, end: offset + size - 1 };
    fragments.push({ url, range, duration: buf.readUInt32BE(at + 4) / timescale });
    offset += size;
  }
  return fragments;
}
