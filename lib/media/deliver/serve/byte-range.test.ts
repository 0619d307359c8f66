import { describe, expect, it } from 'vitest';
import { parseByteRange, parseRangeStart } from './byte-range';
import { fastestMs } from '@/test/timing';

describe('Range headers', () => {
  it('reads one range, a suffix or an open end, with spaces anywhere between the parts', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange(' BYTES = 10 - 19 ', 1000)).toEqual({ start: 10, end: 19 });
    expect(parseByteRange('bytes=990-', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseByteRange('bytes=-10', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=5-2', 1000)).toBeNull();
    expect(parseByteRange('bytes=-', 1000)).toBeNull();
    expect(parseByteRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseByteRange('bytes=1 2-3', 1000)).toBeNull();
    expect(parseByteRange(null, 1000)).toBeNull();
    expect(parseRangeStart('bytes= 5 -')).toEqual({ start: 5, end: undefined });
    expect(parseRangeStart('bytes=5-9')).toEqual({ start: 5, end: 9 });
    expect(parseRangeStart('bytes=-7')).toEqual({ suffix: 7 });
    expect(parseRangeStart('bytes=-')).toBeNull();
    expect(parseRangeStart('bytes=9-5')).toBeNull();
  });

  it('reads a header padded with a long run of spaces in linear time', () => {
    // A header may be 16 kB long; the spaces sit where two optional parts meet, and end in a character that fails.
    for (const header of [`bytes=${' '.repeat(16_000)}x`, `bytes=1-${' '.repeat(16_000)}x`]) {
      expect(fastestMs(() => parseByteRange(header, 1000))).toBeLessThan(20);
      expect(fastestMs(() => parseRangeStart(header))).toBeLessThan(20);
      expect(parseByteRange(header, 1000)).toBeNull();
    }
  });
});
