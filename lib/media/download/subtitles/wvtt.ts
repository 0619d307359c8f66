import { AppError } from '@/lib/errors';
import { readingSourceBytes } from '@/lib/media/formats/bytes';
import { childBoxes, findBox, isoBoxes, type IsoBox } from '@/lib/media/formats/iso-boxes';
import { readTrackFragment } from '@/lib/media/formats/mp4-fragments';
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

/** The first run's samples, timed from tfdt, with tfhd's defaults where the run names no duration or size. */
function samplesOf(buf: Buffer, traf: IsoBox): { samples: Sample[]; dataOffset: number } {
  const fragment = readTrackFragment(buf, traf);
  const [run] = fragment.runs;
  if (!run) throw new AppError('upstream_failed', 'The subtitle segment is malformed');
  let time = fragment.decodeTime ?? 0;
  const samples = run.samples.map((sample): Sample => {
    const duration = sample.duration ?? fragment.defaultDuration ?? 0;
    time += duration;
    return { time: time - duration, duration, size: sample.size ?? fragment.defaultSize ?? 0 };
  });
  return { samples, dataOffset: run.dataOffset ?? 0 };
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
