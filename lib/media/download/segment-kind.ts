export type SegmentKind = 'ts' | 'fmp4' | 'other';

const MP4_BOXES = new Set(['ftyp', 'styp', 'moof', 'moov', 'sidx']);

/** What the first piece of a segmented stream is, from its bytes: URLs and playlists often do not say. */
export function sniffSegmentKind(head: Buffer): SegmentKind {
  // MPEG-TS: a sync byte every 188 bytes.
  if (head.length >= 1 && head[0] === 0x47 && (head.length <= 188 || head[188] === 0x47)) return 'ts';
  if (head.length >= 8 && MP4_BOXES.has(head.toString('latin1', 4, 8))) return 'fmp4';
  return 'other';
}
