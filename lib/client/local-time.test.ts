import { afterEach, describe, expect, it } from 'vitest';
import { localTime } from './local-time';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('localTime', () => {
  it("says a moment in the visitor's own time zone, not UTC", () => {
    const now = new Date('2026-11-25T06:00:00Z');
    process.env.TZ = 'Asia/Tokyo';
    expect(localTime('2026-11-25T05:00:00Z', 'en', now)).toBe('2:00 PM');
    process.env.TZ = 'America/New_York';
    expect(localTime('2026-11-25T05:00:00Z', 'en', now)).toBe('12:00 AM');
    expect(localTime('2026-11-25T05:00:00Z', 'fr', now)).toBe('00:00');
  });

  it("adds the date when the moment is not on the visitor's today, in their language", () => {
    process.env.TZ = 'Africa/Cairo';
    const now = new Date('2026-11-25T12:00:00Z');
    expect(localTime('2026-11-24T12:00:00Z', 'en', now)).toBe('Nov 24, 2026, 2:00 PM');
    expect(localTime('2026-11-25T12:00:00Z', 'ar-EG', now)).toBe(new Intl.DateTimeFormat('ar-EG', { timeStyle: 'short', timeZone: 'Africa/Cairo' }).format(now));
    expect(localTime('2026-11-25T12:00:00Z', 'ar-EG', now)).toMatch(/[٠-٩]/);
  });

  it('gives nothing for a time it cannot read', () => {
    expect(localTime('not a time', 'en')).toBeNull();
  });
});
