import { describe, expect, it } from 'vitest';
import type { SegmentPlan } from './segment-job';
import { windowPlan } from './segment-window';

const seg = (i: number, duration: number | undefined = 2) => ({ url: `s${i}`, ...(duration ? { duration } : {}) });
const urls = (plan: SegmentPlan) => (plan.runs ?? [plan]).map((run) => run.segments.map((s) => s.url));

describe('windowPlan', () => {
  const plan: SegmentPlan = { init: { url: 'init' }, segments: Array.from({ length: 10 }, (_, i) => seg(i)) };

  it('keeps the covering segments and one on each side, with the init and the offset of the first kept', () => {
    const { plan: cut, offset } = windowPlan(plan, { start: 7, end: 11 });
    // 7..11 s lies in segments 3 (6–8), 4 (8–10) and 5 (10–12); one more each side.
    expect(urls(cut)).toEqual([['s2', 's3', 's4', 's5', 's6']]);
    expect(cut.init?.url).toBe('init');
    expect(offset).toBe(4);
    expect(windowPlan(plan, { start: 7, end: 11 }).boundary).toBe(6);
  });

  it('stops at the edges and never needs a segment that starts at the end', () => {
    expect(urls(windowPlan(plan, { start: 0, end: 4 }).plan)).toEqual([['s0', 's1', 's2']]);
    expect(urls(windowPlan(plan, { start: 17, end: 20 }).plan)).toEqual([['s7', 's8', 's9']]);
  });

  it('keeps runs apart, dropping the runs outside the window', () => {
    const runs: SegmentPlan = { segments: [], runs: [{ segments: [seg(0), seg(1)] }, { init: { url: 'i2' }, segments: [seg(2), seg(3)] }, { segments: [seg(4), seg(5)] }] };
    const { plan: cut, offset } = windowPlan(runs, { start: 4.5, end: 5 });
    expect(urls(cut)).toEqual([['s1'], ['s2', 's3']]);
    expect(cut.runs?.[1].init?.url).toBe('i2');
    expect(offset).toBe(2);
    expect(urls(windowPlan(runs, { start: 9, end: 9.5 }).plan)).toEqual([['s3'], ['s4', 's5']]);
  });

  it('a segment of unknown length keeps the whole plan, from 0', () => {
    const unknown: SegmentPlan = { segments: [seg(0), seg(1, 0), seg(2)] };
    expect(windowPlan(unknown, { start: 3, end: 4 })).toEqual({ plan: unknown, offset: 0, boundary: 0 });
  });
});
