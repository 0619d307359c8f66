import { AppError } from '@/lib/errors';

/** One ISO-BMFF box: its type and where its payload (after the header) lies in the buffer. */
export interface IsoBox {
  type: string;
  start: number;
  /** first byte after the header */
  body: number;
  end: number;
}

const MAX_BOXES = 100_000;
const malformed = () => new AppError('upstream_failed', 'The media could not be read');

/** The boxes laid end to end in `buf[from, to)`; a box running past `to` is malformed. */
export function isoBoxes(buf: Buffer, from = 0, to = buf.length): IsoBox[] {
  const out: IsoBox[] = [];
  let at = from;
  while (at + 8 <= to) {
    if (out.length >= MAX_BOXES) throw malformed();
    let size = buf.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) throw malformed();
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) throw malformed();
    out.push({ type: buf.toString('latin1', at + 4, at + 8), start: at, body: at + header, end: at + size });
    at += size;
  }
  return out;
}

export const childBoxes = (buf: Buffer, box: IsoBox, skip = 0) => isoBoxes(buf, box.body + skip, box.end);

/** The first box of `type` along a path of nested boxes ("moov/trak/mdia/mdhd"). */
export function findBox(buf: Buffer, list: IsoBox[], path: string): IsoBox | undefined {
  const [head, ...rest] = path.split('/');
  const box = list.find((b) => b.type === head);
  if (!box || rest.length === 0) return box;
  return findBox(buf, childBoxes(buf, box), rest.join('/'));
}

/**
 * Runs a parser over a source's bytes: a read past the end (RangeError) or any other slip on malformed input is
 * the source's fault — `upstream_failed`, never a 500.
 */
export function readingSourceBytes<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('upstream_failed', 'The media could not be read', { retryable: false });
  }
}
