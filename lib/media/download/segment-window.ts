import type { SegmentJob, SegmentPlan, SegmentRun } from './segment-job';

/** A stretch of the source's timeline, in seconds. */
export interface TimeWindow {
  start: number;
  end: number;
}

export interface WindowedPlan {
  plan: SegmentPlan;
  /** Where in the source the first segment kept begins. */
  offset: number;
  /**
   * Where the segment holding the window's start begins: where a copied cut starts, segments opening on a
   * keyframe (a converter seeking there still lands on the keyframe at or before it if one does not).
   */
  boundary: number;
}

/**
 * Only the segments that cover `window`, plus one on each side: the one before holds the keyframe a copied cut may
 * need when a segment does not open on one, the one after covers durations a playlist rounds. Times come from the
 * playlist's (or manifest's) durations; when any segment's is unknown the whole plan is kept, from 0.
 */
export function windowPlan(plan: SegmentPlan, window: TimeWindow): WindowedPlan {
  const runs: SegmentRun[] = plan.runs ?? [plan];
  const all = runs.flatMap((run, r) => run.segments.map((job) => ({ job, r })));
  if (all.length === 0 || all.some(({ job }) => !(job.duration && job.duration > 0))) return { plan, offset: 0, boundary: 0 };
  const starts: number[] = [];
  let t = 0;
  for (const { job } of all) {
    starts.push(t);
    t += job.duration!;
  }
  const covering = (at: number) => starts.findLastIndex((s) => s <= at);
  const first = Math.max(0, covering(window.start) - 1);
  // The segment in which the end falls (one that starts exactly at the end holds none of the range).
  const endIndex = starts.findLastIndex((s) => s < window.end);
  const last = Math.min(all.length - 1, Math.max(endIndex, first) + 1);
  const kept = new Map<number, SegmentJob[]>();
  for (let i = first; i <= last; i++) kept.set(all[i].r, [...(kept.get(all[i].r) ?? []), all[i].job]);
  const windowed = [...kept].map(([r, segments]): SegmentRun => ({ ...(runs[r].init ? { init: runs[r].init } : {}), segments }));
  const segments = windowed.flatMap((run) => run.segments);
  const boundary = starts[Math.max(0, covering(window.start))];
  return { plan: windowed.length === 1 ? windowed[0] : { segments, runs: windowed }, offset: starts[first], boundary };
}
