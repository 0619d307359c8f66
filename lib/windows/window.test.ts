import { describe, expect, it } from 'vitest';
import { isOpen, nextOpen, nextOpenAll, wallTime, zonedInstant, type ZonedWindow } from './window-math';
import { parseWindow, type WindowRule } from './window-spec';
import { timeZoneSchema, windowTextSchema } from './spec-schemas';

const rules = (text: string): WindowRule[] => {
  const parsed = parseWindow(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.rules;
};
const zoned = (text: string, timeZone = 'UTC'): ZonedWindow => ({ rules: rules(text), timeZone });
const utc = (iso: string) => Date.parse(`${iso}Z`);
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString().slice(0, 16));

describe('window text', () => {
  it('reads days, ranges, lists and spans', () => {
    expect(rules('Mon-Fri 01:00-06:00; Sat,Sun 00:00-24:00')).toEqual([
      { days: [1, 2, 3, 4, 5], start: 60, end: 360 },
      { days: [0, 6], start: 0, end: 1440 },
    ]);
    expect(rules('daily 22:30-02:00')).toEqual([{ days: [0, 1, 2, 3, 4, 5, 6], start: 1350, end: 120 }]);
    expect(rules('fri-mon 9:05-10:00')).toEqual([{ days: [0, 1, 5, 6], start: 545, end: 600 }]);
    expect(rules('Wednesday 00:00-01:00;')).toEqual([{ days: [3], start: 0, end: 60 }]);
    expect(rules('Mon - Fri\t 01:00 - 06:00')).toEqual([{ days: [1, 2, 3, 4, 5], start: 60, end: 360 }]);
    expect(rules('')).toEqual([]);
  });

  it.each([
    ['Mon 01:00', 'write days then hours'],
    ['Funday 01:00-02:00', '"Funday" is not a day'],
    ['Mon-Fri-Sat 01:00-02:00', 'is not a day or a range'],
    ['Mon 1am-2am', '"1am" is not a time'],
    ['Mon 01:60-02:00', 'is not a time of day'],
    ['Mon 24:00-02:00', 'is not a time of day'],
    ['Mon 25:00-26:00', 'is not a time of day'],
    ['Mon 03:00-03:00', 'cannot start and end at the same time'],
  ])('refuses %j with a clear message', (text, message) => {
    const parsed = parseWindow(text);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.error).toContain(message);
    expect(windowTextSchema.safeParse(text).error?.issues[0].message).toContain(message);
  });

  it('knows time zones', () => {
    expect(timeZoneSchema.safeParse('Europe/Paris').success).toBe(true);
    expect(timeZoneSchema.safeParse('UTC').success).toBe(true);
    expect(timeZoneSchema.safeParse('Mars/Olympus').success).toBe(false);
    expect(timeZoneSchema.safeParse('').success).toBe(false);
  });
});

describe('window math', () => {
  it('is open inside a span and closed outside it (end excluded)', () => {
    const w = zoned('Mon-Fri 01:00-06:00');
    // 2026-11-30 is a Monday.
    expect(isOpen(w, utc('2026-11-30T01:00'))).toBe(true);
    expect(isOpen(w, utc('2026-11-30T05:59'))).toBe(true);
    expect(isOpen(w, utc('2026-11-30T06:00'))).toBe(false);
    expect(isOpen(w, utc('2026-11-30T00:59'))).toBe(false);
    expect(isOpen(w, utc('2026-11-29T03:00'))).toBe(false);
  });

  it('finds the next opening: later today, tomorrow, after a weekend', () => {
    const w = zoned('Mon-Fri 01:00-06:00');
    expect(iso(nextOpen(w, utc('2026-11-30T00:10')))).toBe('2026-11-30T01:00');
    expect(iso(nextOpen(w, utc('2026-11-30T07:00')))).toBe('2026-12-01T01:00');
    expect(iso(nextOpen(w, utc('2026-12-04T06:00')))).toBe('2026-12-07T01:00');
    expect(nextOpen(w, utc('2026-11-30T02:00'))).toBe(utc('2026-11-30T02:00'));
  });

  it('holds a span crossing midnight into the next day, also across the week’s end', () => {
    const w = zoned('Sun 22:00-02:00');
    // 2026-11-29 is a Sunday; the span runs on into Monday.
    expect(isOpen(w, utc('2026-11-29T23:30'))).toBe(true);
    expect(isOpen(w, utc('2026-11-30T01:59'))).toBe(true);
    expect(isOpen(w, utc('2026-11-30T02:00'))).toBe(false);
    expect(isOpen(w, utc('2026-11-28T23:30'))).toBe(false);
    expect(isOpen(w, utc('2026-11-29T01:00'))).toBe(false);
    expect(iso(nextOpen(w, utc('2026-11-30T03:00')))).toBe('2026-12-06T22:00');
    const sat = zoned('Sat 23:00-01:00');
    expect(isOpen(sat, utc('2026-11-29T00:30'))).toBe(true);
  });

  it('a whole day, and an empty window (always open)', () => {
    expect(isOpen(zoned('Sat,Sun 00:00-24:00'), utc('2026-11-29T23:59'))).toBe(true);
    expect(iso(nextOpen(zoned('Sat,Sun 00:00-24:00'), utc('2026-11-30T00:00')))).toBe('2026-12-05T00:00');
    expect(nextOpen({ rules: [], timeZone: 'UTC' }, 123)).toBe(123);
  });

  it('reads hours on the local clock of the zone', () => {
    const paris = zoned('daily 01:00-06:00', 'Europe/Paris');
    // 01:00 in Paris in winter is 00:00 UTC.
    expect(iso(nextOpen(paris, utc('2026-11-30T12:00')))).toBe('2026-12-01T00:00');
    const tokyo = zoned('Mon 09:00-10:00', 'Asia/Tokyo');
    // Monday 09:00 in Tokyo is Sunday 00:00 UTC.
    expect(iso(nextOpen(tokyo, utc('2026-11-28T12:00')))).toBe('2026-11-30T00:00');
    expect(wallTime(utc('2026-11-29T23:30'), 'Asia/Kolkata')).toMatchObject({ weekday: 1, minute: 5 * 60 });
  });

  it('is DST-safe: the same wall-clock hour before and after a change', () => {
    const ny = zoned('daily 02:00-03:00', 'America/New_York');
    const paris = zoned('daily 01:00-02:00', 'Europe/Paris');
    // Paris leaves summer time on 2026-10-25 (03:00 → 02:00): 01:00 local is 23:00 UTC before, 00:00 UTC after.
    expect(iso(nextOpen(paris, utc('2026-10-24T12:00')))).toBe('2026-10-24T23:00');
    expect(iso(nextOpen(paris, utc('2026-10-25T12:00')))).toBe('2026-10-26T00:00');
    // New York springs forward on 2026-03-08: 02:00-03:00 does not exist that night; the window opens when the
    // clock jumps (03:00 EDT = 07:00 UTC) and is closed, so the next opening is the 9th at 02:00 EDT (06:00 UTC).
    expect(iso(nextOpen(ny, utc('2026-03-08T05:00')))).toBe('2026-03-09T06:00');
    // Falls back on 2026-11-01: 01:00-02:00 happens twice; the window opens at the first.
    const nyOne = zoned('Sun 01:00-02:00', 'America/New_York');
    expect(iso(nextOpen(nyOne, utc('2026-11-01T00:00')))).toBe('2026-11-01T05:00');
    // A skipped time moves on by the skipped hour (02:30 → 03:30 EDT, 07:30 UTC); a doubled one is the first.
    expect(zonedInstant(2026, 3, 8, 150, 'America/New_York')).toBe(utc('2026-03-08T07:30'));
    expect(zonedInstant(2026, 11, 1, 90, 'America/New_York')).toBe(utc('2026-11-01T05:30'));
  });

  it('a span crossing midnight on a DST night keeps its local hours', () => {
    const w = zoned('Sat 23:00-02:00', 'Europe/Paris');
    // Night of 2026-03-28/29: clocks go 02:00 → 03:00 at the end of the span; it opens at 23:00 CET (22:00 UTC).
    expect(iso(nextOpen(w, utc('2026-03-28T12:00')))).toBe('2026-03-28T22:00');
    expect(isOpen(w, utc('2026-03-29T00:59'))).toBe(true);
    expect(isOpen(w, utc('2026-03-29T01:00'))).toBe(false);
  });

  it('finds when the operator’s and the user’s windows are open together, or that they never are', () => {
    const operator = zoned('daily 00:00-06:00');
    const user = zoned('daily 05:00-09:00', 'Europe/Paris');
    // Paris 05:00 is 04:00 UTC in winter: both open 04:00-06:00 UTC.
    expect(iso(nextOpenAll([operator, user], utc('2026-11-30T07:00')))).toBe('2026-12-01T04:00');
    expect(iso(nextOpenAll([operator, user], utc('2026-11-30T05:00')))).toBe('2026-11-30T05:00');
    expect(nextOpenAll([zoned('Mon 01:00-02:00'), zoned('Tue 01:00-02:00')], utc('2026-11-30T00:00'))).toBeUndefined();
    expect(nextOpenAll([], 42)).toBe(42);
  });
});
