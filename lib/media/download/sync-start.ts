import { childBoxes, isoBoxes, type IsoBox } from './iso-boxes';

/** sample_is_non_sync_sample in ISO-BMFF sample flags. */
const NON_SYNC = 0x00010000;

/** trex's default_sample_flags per track, from an init segment. */
function trexFlags(init: Buffer): Map<number, number> {
  const flags = new Map<number, number>();
  const moov = isoBoxes(init).find((b) => b.type === 'moov');
  for (const mvex of moov ? childBoxes(init, moov).filter((b) => b.type === 'mvex') : []) {
    for (const trex of childBoxes(init, mvex).filter((b) => b.type === 'trex')) flags.set(init.readUInt32BE(trex.body + 4), init.readUInt32BE(trex.body + 20));
  }
  return flags;
}

/** The flags of a track fragment's first sample: trun's first-sample or per-sample flags, else tfhd's, else trex's. */
function firstSampleFlags(buf: Buffer, traf: IsoBox, trex: Map<number, number>): number | undefined {
  const boxes = childBoxes(buf, traf);
  const tfhd = boxes.find((b) => b.type === 'tfhd');
  const trun = boxes.find((b) => b.type === 'trun');
  if (!tfhd || !trun) return undefined;
  const trunFlags = buf.readUInt32BE(trun.body) & 0xffffff;
  if (buf.readUInt32BE(trun.body + 4) === 0) return undefined;
  let at = trun.body + 8 + (trunFlags & 0x01 ? 4 : 0);
  if (trunFlags & 0x04) return buf.readUInt32BE(at);
  at += (trunFlags & 0x100 ? 4 : 0) + (trunFlags & 0x200 ? 4 : 0);
  if (trunFlags & 0x400) return buf.readUInt32BE(at);
  const tfhdFlags = buf.readUInt32BE(tfhd.body) & 0xffffff;
  if (tfhdFlags & 0x20) {
    const offset = 8 + (tfhdFlags & 0x01 ? 8 : 0) + [0x02, 0x08, 0x10].filter((f) => tfhdFlags & f).length * 4;
    return buf.readUInt32BE(tfhd.body + offset);
  }
  return trex.get(buf.readUInt32BE(tfhd.body + 4));
}

/**
 * Whether an fMP4 media segment opens on a sync sample in every track it carries (sound always does; a picture
 * when its fragment starts with a keyframe). Anything unreadable counts as not: the caller keeps its margin.
 */
export function opensOnSyncSample(segment: Buffer, init: Buffer): boolean {
  try {
    const moof = isoBoxes(segment).find((b) => b.type === 'moof');
    if (!moof) return false;
    const trex = trexFlags(init);
    const trafs = childBoxes(segment, moof).filter((b) => b.type === 'traf');
    return trafs.length > 0 && trafs.every((traf) => {
      const flags = firstSampleFlags(segment, traf, trex);
      return flags !== undefined && (flags & NON_SYNC) === 0;
    });
  } catch {
    return false;
  }
}
