import { boxHeaderAt } from './iso-boxes';

/**
 * How an MP4's top-level boxes are laid out:
 * - `faststart`: the index (moov) before the first media data (mdat), no fragments — a player starts and seeks
 *   before the whole file has arrived;
 * - `moov-last`: media data first, the index at the end — nothing plays until the last byte is in;
 * - `fragmented`: movie fragments (moof) — many players and editors show no duration and cannot seek;
 * - `unknown`: the boxes could not be read that far (no Range support, a malformed or truncated file).
 */
export type Mp4Layout = 'faststart' | 'moov-last' | 'fragmented' | 'unknown';

/** `length` bytes at `offset`, fewer at the end of the file, undefined when they cannot be had. */
export type ReadAt = (offset: number, length: number) => Promise<Buffer | undefined>;

/** The head covers ftyp and, in a faststart file, usually moov's header; each later box costs one small read. */
const HEAD_BYTES = 64 * 1024;
const HEADER_BYTES = 16;
/** ftyp, free, wide, uuid, pdin, moov, meta…: a file reaching its mdat later than this is not one we trust. */
const MAX_BOXES = 32;

/** Walks the top-level boxes up to the first mdat, reading only their headers. */
export async function mp4Layout(read: ReadAt): Promise<Mp4Layout> {
  const head = await read(0, HEAD_BYTES);
  if (!head || head.length < HEADER_BYTES || head.toString('latin1', 4, 8) !== 'ftyp') return 'unknown';
  let offset = 0;
  let moov = false;
  for (let n = 0; n < MAX_BOXES; n++) {
    const header = offset + HEADER_BYTES <= head.length ? head.subarray(offset, offset + HEADER_BYTES) : await read(offset, HEADER_BYTES);
    if (!header || header.length < 8) return 'unknown';
    const type = header.toString('latin1', 4, 8);
    if (type === 'mdat') return moov ? 'faststart' : 'moov-last';
    if (type === 'moof' || type === 'sidx' || type === 'styp') return 'fragmented';
    // A box "to the end of the file" that is not the media data leaves no mdat to find.
    const size = boxHeaderAt(header, 0)?.size ?? 0;
    if (size < 8) return 'unknown';
    if (type === 'moov') moov = true;
    offset += size;
  }
  return 'unknown';
}

/** The containers whose files a player reads by their ISO-BMFF index. */
export const isIsoContainer = (container: string) => container === 'mp4' || container === 'm4a';
