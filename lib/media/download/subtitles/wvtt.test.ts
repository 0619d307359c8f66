import { describe, expect, it } from 'vitest';
import { wvttInit, wvttSegment } from '@/test/fixtures/wvtt-boxes';
import { readWvttSegment, wvttTimescale } from './wvtt';

describe('WebVTT in fMP4 (wvtt)', () => {
  it('reads the timescale and each vttc sample as a cue at its tfdt/trun time; vtte samples are gaps', () => {
    expect(wvttTimescale(wvttInit('eng'))).toBe(1000);
    const segment = wvttSegment(3, 4, 6, [{ start: 4.2, end: 4.9, text: 'un' }, { start: 5.25, end: 5.5, text: 'deux' }]);
    expect(readWvttSegment(segment, 1000)).toEqual([{ start: 4.2, end: 4.9, text: 'un' }, { start: 5.25, end: 5.5, text: 'deux' }]);
  });

  it('refuses a segment cut short rather than inventing cues', () => {
    const segment = wvttSegment(1, 0, 2, [{ start: 0.5, end: 1, text: 'x' }]);
    expect(() => readWvttSegment(segment.subarray(0, segment.length - 6), 1000)).toThrow(expect.objectContaining({ code: 'upstream_failed' }));
  });
});
