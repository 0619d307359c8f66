import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { formatTimeText, parseTimeText } from './time-text';
import { deliveryKey, trimRangeOf } from './trim-range';

const codeOf = (run: () => unknown) => {
  try {
    run();
    return 'no error';
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
};

describe('time text', () => {
  it.each([
    ['75', 75], ['75.5', 75.5], ['1:15', 75], ['1:15.25', 75.25], ['0:01:15', 75], ['1:02:03.5', 3723.5], [' 12 ', 12], ['0', 0],
  ])('%s → %d s', (text, seconds) => expect(parseTimeText(text)).toBe(seconds));

  it.each(['', 'abc', '1:75', '1:2', '-3', '1e3', '1:75:00', '12.', '.5', '1::2', '1:02:03:04'])('%j is not a time', (text) => {
    expect(parseTimeText(text)).toBeUndefined();
  });

  it('writes clock times back, tenths only when there are some', () => {
    expect(formatTimeText(75.5)).toBe('1:15.5');
    expect(formatTimeText(3725)).toBe('1:02:05');
    expect(formatTimeText(5)).toBe('0:05');
    expect(parseTimeText(formatTimeText(3723.5))).toBe(3723.5);
  });
});

describe('trimRangeOf', () => {
  const video = { kind: 'video' as const, duration: 60 };
  it('no start and no end, or the whole media, is no cut', () => {
    expect(trimRangeOf({}, video)).toBeUndefined();
    expect(trimRangeOf({ start: '0', end: '1:00' }, video)).toBeUndefined();
  });
  it('either end may be left out', () => {
    expect(trimRangeOf({ start: '50' }, video)).toEqual({ start: 50, end: 60, exact: false });
    expect(trimRangeOf({ end: '0:10', exact: true }, video)).toEqual({ start: 0, end: 10, exact: true });
  });
  it('answers each mistake with its own code', () => {
    expect(codeOf(() => trimRangeOf({ start: 'x' }, video))).toBe('trim_invalid_time');
    expect(codeOf(() => trimRangeOf({ start: '10', end: '5' }, video))).toBe('trim_invalid_range');
    expect(codeOf(() => trimRangeOf({ start: '10', end: '61' }, video))).toBe('trim_out_of_bounds');
    expect(codeOf(() => trimRangeOf({ start: '60' }, video))).toBe('trim_out_of_bounds');
    expect(codeOf(() => trimRangeOf({ start: '1' }, { kind: 'image' }))).toBe('trim_not_supported');
    expect(codeOf(() => trimRangeOf({ start: '1' }, { kind: 'video' }))).toBe('trim_invalid_range');
  });
  it('an end a rounding past the duration is the end', () => {
    expect(trimRangeOf({ start: '10', end: '60.04' }, video)).toEqual({ start: 10, end: 60, exact: false });
  });
  it('keys files by cut and tags, the default file by nothing', () => {
    expect(deliveryKey({ embedMetadata: true })).toBe('');
    expect(deliveryKey({ embedMetadata: false, trim: { start: 1, end: 2, exact: true } })).toBe('~t1-2x~bare');
  });
});
