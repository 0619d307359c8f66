import { AppError } from '@/lib/errors';
import { childBoxes, findBox, isoBoxes, readingSourceBytes, type IsoBox } from '../iso-boxes';
import type { Cue } from './cues';

/**
 * WebVTT carried in fMP4 (ISO/IEC 14496-30, codec `wvtt`): the init segment's `mdhd` gives the timescale; each
 * media segment's `tfdt` + `trun` give every sample's time and size, and each sample is a `vttc` box (a cue: its
 * text in `payl`, its settings in `sttg`) or a `vtte` box (no cue for that stretch).
 */
export function wvttTimescale(init: Buffer): number {
  return readingSourceBytes(() => timescaleOf(init));
}

function timescaleOf(init: Buffer): number {
  const mdhd = findBox(init, isoBoxes(init), 'moov/trak/mdia/mdhd');
  if (!mdhd) throw new AppError('upstream_failed', 'The subtitle track has no timescale');
  const version = init[mdhd.body];
  const timescale = init.readUInt32BE(mdhd.body + (version === 1 ? 20 : 12));
  if (timescale === 0) throw new AppError('upstream_failed', 'The subtitle track has no timescale');
  return timescale;
}

interface Sample {
  time: number;
  duration: number;
  size: number;
}

function samplesOf(buf: Buffer, traf: IsoBox): { samples: Sample[]; dataOffset: number } {
  const kids = childBoxes(buf, traf);
  const tfhd = kids.find((b) => b.type === 'tfhd');
  const tfdt = kids.find((b) => b.type === 'tfdt');
  const trun = kids.find((b) => b.type === 'trun');
  if (!tfhd || !trun) throw new AppError('upstream_failed', 'The subtitle segment is malformed');
  const tfhdFlags = buf.readUIntBE(tfhd.body + 1, 3);
  let at = tfhd.body + 8;
  if (tfhdFlags & 0x1) at += 8; // base_data_offset
  if (tfhdFlags & 0x2) at += 4; // sample_description_index
  const defaultDuration = tfhdFlags & 0x8 ? buf.readUInt32BE(at) : 0;
  if (tfhdFlags & 0x8) at += 4;
  const defaultSize = tfhdFlags & 0x10 ? buf.readUInt32BE(at) : 0;
  let time = tfdt ? (buf[tfdt.body] === 1 ? Number(buf.readBigUInt64BE(tfdt.body + 4)) : buf.readUInt32BE(tfdt.body + 4)) : 0;
  const flags = buf.readUIntBE(trun.body + 1, 3);
  const count = buf.readUInt32BE(trun.body + 4);
  at = trun.body + 8;
  const dataOffset = flags & 0x1 ? buf.readInt32BE(at) : 0;
  if (flags & 0x1) at += 4;
  if (flags & 0x4) at += 4;
  const samples: Sample[] = [];
  for (let i = 0; i < count; i++) {
    if (at > trun.end) throw new AppError('upstream_failed', 'The subtitle segment is malformed');
    const duration = flags & 0x100 ? buf.readUInt32BE((at += 4) - 4) : defaultDuration;
    const size = flags & 0x200 ? buf.readUInt32BE((at += 4) - 4) : defaultSize;
    if (flags & 0x400) at += 4;
    if (flags & 0x800) at += 4;
    samples.push({ time, duration, size });
    time += duration;
  }
  return { samples, dataOffset };
}

function cueText(buf: Buffer, vttc: IsoBox): { text: string; settings?: string } {
  const kids = childBoxes(buf, vttc);
  const payl = kids.find((b) => b.type === 'payl');
  const sttg = kids.find((b) => b.type === 'sttg');
  const text = payl ? buf.toString('utf8', payl.body, payl.end) : '';
  const settings = sttg ? buf.toString('utf8', sttg.body, sttg.end).trim() : '';
  return settings ? { text, settings } : { text };
}

/** One media segment's cues, times in seconds on the track's own clock. */
export function readWvttSegment(buf: Buffer, timescale: number): Cue[] {
  return readingSourceBytes(() => cuesOf(buf, timescale));
}

function cuesOf(buf: Buffer, timescale: number): Cue[] {
  const top = isoBoxes(buf);
  const cues: Cue[] = [];
  for (const moof of top.filter((b) => b.type === 'moof')) {
    for (const traf of childBoxes(buf, moof).filter((b) => b.type === 'traf')) {
      const { samples, dataOffset } = samplesOf(buf, traf);
      // default-base-is-moof: data offsets count from the moof's first byte (what every packager writes).
      let at = moof.start + dataOffset;
      for (const sample of samples) {
        if (at + sample.size > buf.length) throw new AppError('upstream_failed', 'The subtitle segment is malformed');
        for (const box of isoBoxes(buf, at, at + sample.size)) {
          if (box.type !== 'vttc') continue;
          cues.push({ start: sample.time / timescale, end: (sample.time + sample.duration) / timescale, ...cueText(buf, box) });
        }
        at += sample.size;
      }
    }
  }
  return joinSplitCues(cues);
}

/** A cue that lasts over several samples (others start and end around it) is one cue again. */
export function joinSplitCues(cues: Cue[]): Cue[] {
  const out: Cue[] = [];
  for (const cue of cues) {
    const open = out.find((c) => Math.abs(c.end - cue.start) < 0.0005 && c.text === cue.text && c.settings === cue.settings);
    if (open) open.end = cue.end;
    else out.push({ ...cue });
  }
  return out;
}
