import { describe, expect, it } from 'vitest';
import { keyTarget, moveEnd, trimBody, type TrimValue } from './trim-range';
import { downloadJobBody } from './use-start-download';

const value: TrimValue = { start: 10, end: 50, exact: false };

describe('the range control', () => {
  it('keeps each end inside the media and a tenth of a second from the other', () => {
    expect(moveEnd(value, 'start', -5, 60)).toMatchObject({ start: 0, end: 50 });
    expect(moveEnd(value, 'start', 55, 60)).toMatchObject({ start: 49.9 });
    expect(moveEnd(value, 'end', 80, 60)).toMatchObject({ end: 60 });
    expect(moveEnd(value, 'end', 3, 60)).toMatchObject({ end: 10.1 });
    expect(moveEnd(value, 'start', 12.345, 60).start).toBe(12.3);
  });

  it('moves by a second with the arrows (a tenth on short media), by a tenth of the length with the page keys', () => {
    expect(keyTarget('ArrowRight', 10, 60)).toBe(11);
    expect(keyTarget('ArrowLeft', 10, 60)).toBe(9);
    expect(keyTarget('ArrowUp', 2, 6)).toBeCloseTo(2.1);
    expect(keyTarget('PageUp', 10, 600)).toBe(20);
    expect(keyTarget('PageDown', 10, 60)).toBe(4);
    expect(keyTarget('Home', 10, 60)).toBe(0);
    expect(keyTarget('End', 10, 60)).toBe(60);
    expect(keyTarget('a', 10, 60)).toBeUndefined();
    // Right to left, the horizontal arrows follow the mirrored track; up and down do not change meaning.
    expect(keyTarget('ArrowRight', 10, 60, 'rtl')).toBe(9);
    expect(keyTarget('ArrowLeft', 10, 60, 'rtl')).toBe(11);
    expect(keyTarget('ArrowUp', 10, 60, 'rtl')).toBe(11);
  });

  it('sends nothing for the whole media, the ends (and exact) for a clip', () => {
    expect(trimBody({ start: 0, end: 60, exact: true }, 60)).toEqual({});
    expect(trimBody(undefined, 60)).toEqual({});
    expect(trimBody(value, 60)).toEqual({ start: '10', end: '50' });
    expect(trimBody({ ...value, exact: true }, 60)).toEqual({ start: '10', end: '50', exact: true });
  });

  it('puts the clip in the download job\'s body, measured against the item picked', () => {
    const format = { itag: 'mp4-720', ext: 'mp4', quality: '720p' };
    const media = { url: 'https://example.com/v', duration: 60, items: [{ id: 'a', title: 'A', thumbnail: '', duration: 8, formats: [format] }] };
    expect(downloadJobBody(media, { format, trim: value })).toMatchObject({ itag: 'mp4-720', start: '10', end: '50' });
    expect(downloadJobBody(media, { format, itemIndex: 0, trim: { start: 0, end: 8, exact: false } })).not.toHaveProperty('start');
  });
});
