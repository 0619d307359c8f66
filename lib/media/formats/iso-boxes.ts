import { malformed } from './bytes';

/** One ISO-BMFF box: its type and where its payload (after the header) lies in the buffer. */
export interface IsoBox {
  type: string;
  start: number;
  /** first byte after the header */
  body: number;
  end: number;
}

/**
 * The header of the box at `at` in `buf[…, to)`: its type, its size (0: "to the end of its parent") and the
 * header's length (16 with a 64-bit size); undefined when the header itself does not fit.
 */
export function boxHeaderAt(buf: Buffer, at: number, to = buf.length): { type: string; size: number; header: number } | undefined {
  if (at + 8 > to) return undefined;
  const size = buf.readUInt32BE(at);
  const type = buf.toString('latin1', at + 4, at + 8);
  if (size !== 1) return { type, size, header: 8 };
  return at + 16 > to ? undefined : { type, size: Number(buf.readBigUInt64BE(at + 8)), header: 16 };
}

/**
 * The boxes laid end to end in `buf[from, to)`. More than `max` is a crafted file meant to make us spin. With
 * `partial`, bytes cut short are expected (the head of a file): a last box running past `to` is listed with its
 * declared end, and a 64-bit header cut off ends the walk; without it both are malformed.
 */
export function isoBoxes(buf: Buffer, from = 0, to = buf.length, { partial = false, max = 100_000 } = {}): IsoBox[] {
  const out: IsoBox[] = [];
  let at = from;
  while (at + 8 <= to) {
    if (out.length >= max) throw malformed();
    const head = boxHeaderAt(buf, at, to);
    if (!head && partial) break;
    if (!head) throw malformed();
    const size = head.size === 0 ? to - at : head.size;
    if (size < head.header || (at + size > to && !partial)) throw malformed();
    out.push({ type: head.type, start: at, body: at + head.header, end: at + size });
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

/** A full box's version (its first payload byte) and a 32- or 64-bit field at `v0`/`v1` bytes into its payload. */
export const versioned = (buf: Buffer, box: IsoBox, v0: number, v1: number) =>
  buf[box.body] === 1 ? Number(buf.readBigUInt64BE(box.body + v1)) : buf.readUInt32BE(box.body + v0);
