import { malformed } from './bytes';
import { childBoxes, findBox, isoBoxes, versioned, type IsoBox } from './iso-boxes';

/**
 * A `trun`: where its first sample lies (from the fragment's base) and its samples; a field the run does not carry
 * falls back to tfhd's default, then trex's.
 */
export interface TrackRun {
  dataOffset?: number;
  firstSampleFlags?: number;
  samples: { duration?: number; size?: number; flags?: number }[];
}

/** A `traf` read: tfhd's track and defaults, tfdt's start time and every trun, in order. */
export interface TrackFragment {
  trackId: number;
  /** tfhd's base_data_offset: a file offset; absent, the base is the moof's first byte. */
  baseDataOffset?: number;
  defaultDuration?: number;
  defaultSize?: number;
  defaultFlags?: number;
  /** tfdt's baseMediaDecodeTime, in the track's timescale */
  decodeTime?: number;
  runs: TrackRun[];
  boxes: IsoBox[];
}

/** A track fragment's tfhd, tfdt and truns (ISO/IEC 14496-12 §8.8); a traf without tfhd, or a trun running past its box, is malformed. */
export function readTrackFragment(buf: Buffer, traf: IsoBox): TrackFragment {
  const boxes = childBoxes(buf, traf);
  const tfhd = boxes.find((b) => b.type === 'tfhd');
  if (!tfhd) throw malformed();
  const flags = buf.readUInt32BE(tfhd.body) & 0xffffff;
  let at = tfhd.body + 8;
  // The optional fields follow in flag order, each present only when its flag is set.
  const field = (flag: number, bytes: 4 | 8) => {
    if (!(flags & flag)) return undefined;
    at += bytes;
    return bytes === 8 ? Number(buf.readBigUInt64BE(at - 8)) : buf.readUInt32BE(at - 4);
  };
  const baseDataOffset = field(0x01, 8);
  field(0x02, 4); // sample_description_index
  const defaultDuration = field(0x08, 4);
  const defaultSize = field(0x10, 4);
  const defaultFlags = field(0x20, 4);
  const tfdt = boxes.find((b) => b.type === 'tfdt');
  const runs = boxes.filter((b) => b.type === 'trun').map((trun) => readRun(buf, trun));
  return { trackId: buf.readUInt32BE(tfhd.body + 4), baseDataOffset, defaultDuration, defaultSize, defaultFlags, decodeTime: tfdt ? versioned(buf, tfdt, 4, 4) : undefined, runs, boxes };
}

function readRun(buf: Buffer, trun: IsoBox): TrackRun {
  const flags = buf.readUInt32BE(trun.body) & 0xffffff;
  const count = buf.readUInt32BE(trun.body + 4);
  let at = trun.body + 8;
  const next = () => buf.readUInt32BE((at += 4) - 4);
  const dataOffset = flags & 0x01 ? buf.readInt32BE((at += 4) - 4) : undefined;
  const firstSampleFlags = flags & 0x04 ? next() : undefined;
  // Per sample: duration, size, flags, composition time offset — each present only when its flag is set.
  const stride = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
  if (at + count * stride > trun.end) throw malformed();
  const samples: TrackRun['samples'] = [];
  for (let i = 0; i < count; i++) {
    const sample: TrackRun['samples'][number] = {};
    if (flags & 0x100) sample.duration = next();
    if (flags & 0x200) sample.size = next();
    if (flags & 0x400) sample.flags = next();
    if (flags & 0x800) at += 4;
    samples.push(sample);
  }
  return { dataOffset, firstSampleFlags, samples };
}

/** trex's defaults per track ID (default_sample_size and default_sample_flags), from an init segment's moov. */
export function trackDefaults(init: Buffer): Map<number, { size: number; flags: number }> {
  const defaults = new Map<number, { size: number; flags: number }>();
  const mvex = findBox(init, isoBoxes(init), 'moov/mvex');
  for (const trex of mvex ? childBoxes(init, mvex).filter((b) => b.type === 'trex') : []) {
    defaults.set(init.readUInt32BE(trex.body + 4), { size: init.readUInt32BE(trex.body + 16), flags: init.readUInt32BE(trex.body + 20) });
  }
  return defaults;
}
