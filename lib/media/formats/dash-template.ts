import { AppError } from '@/lib/errors';

/** More fragments than this per representation is not a file anyone downloads; refuse rather than allocate. */
export const MAX_FRAGMENTS = 100_000;

function tooLarge(): AppError {
  return new AppError('upstream_failed', 'The manifest is too large');
}

/** Fills a SegmentTemplate pattern: $RepresentationID$, $Number$, $Time$, $Bandwidth$, printf widths, $$. */
export function fillTemplate(
  pattern: string,
  vars: { representationId: string; number?: number; time?: number; bandwidth?: number },
): string {
  return pattern.replace(/\$(RepresentationID|Number|Time|Bandwidth|)(?:%0?(\d{0,2})d)?\$/g, (_m, name, width) => {
    if (name === '') return '$';
    const value =
      name === 'RepresentationID' ? vars.representationId
      : name === 'Number' ? vars.number
      : name === 'Time' ? vars.time
      : vars.bandwidth;
    if (value === undefined) return '';
    const text = String(value);
    return width ? text.padStart(Number(width), '0') : text;
  });
}

export interface TimelineEntry {
  t?: number;
  d: number;
  r?: number;
}

export interface TimedSegment {
  time: number;
  /** timescale units */
  duration: number;
}

/**
 * Expands a SegmentTimeline. r=-1 repeats until the next S@t or, for the last entry, the period's end
 * (`endTime`, in timescale units); without a known end a negative repeat counts once.
 */
export function expandTimeline(entries: TimelineEntry[], endTime: number | undefined): TimedSegment[] {
  const out: TimedSegment[] = [];
  let time = 0;
  for (let i = 0; i < entries.length; i++) {
    const { t, d } = entries[i];
    if (t !== undefined) time = t;
    if (!(d > 0)) throw new AppError('upstream_failed', 'The manifest has an invalid segment timeline');
    let repeat = entries[i].r ?? 0;
    if (repeat < 0) {
      const nextT = entries[i + 1]?.t;
      const end = nextT ?? endTime;
      repeat = end !== undefined && end > time ? Math.ceil((end - time) / d) - 1 : 0;
    }
    if (out.length + repeat + 1 > MAX_FRAGMENTS) throw tooLarge();
    for (let k = 0; k <= repeat; k++) {
      out.push({ time, duration: d });
      time += d;
    }
  }
  return out;
}

/** How many fixed-duration segments cover a period. */
export function countSegments(periodSeconds: number, segmentDuration: number, timescale: number): number {
  if (!(segmentDuration > 0) || !(timescale > 0) || !(periodSeconds > 0)) {
    throw new AppError('upstream_failed', 'The manifest does not say how long it is');
  }
  // Tolerate float noise: 10.000000001 s of 2 s segments is five segments, not six.
  const count = Math.ceil(periodSeconds / (segmentDuration / timescale) - 1e-6);
  if (count > MAX_FRAGMENTS) throw tooLarge();
  return count;
}

/** "100-199" → {start, end}; undefined when malformed. */
export function parseRange(value: unknown): { start: number; end: number } | undefined {
  const match = typeof value === 'string' ? /^\s*(\d{1,15})-(\d{1,15})\s*$/.exec(value) : null;
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = Number(match[2]);
  return end >= start ? { start, end } : undefined;
}
