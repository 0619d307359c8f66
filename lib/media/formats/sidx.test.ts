import { describe, expect, it } from 'vitest';
import { readSidx } from './sidx';

/** A version-0 sidx: timescale 1000, first_offset 10, references of the given sizes and durations. */
function sidx(refs: [number, number][], hierarchical = false): Buffer {
  const body = Buffer.alloc(4 + 4 + 4 + 8 + 4 + refs.length * 12);
  body.writeUInt32BE(1, 4);
  body.writeUInt32BE(1000, 8);
  body.writeUInt32BE(10, 16);
  body.writeUInt16BE(refs.length, 22);
  refs.forEach(([size, duration], i) => {
    body.writeUInt32BE(((hierarchical ? 0x80000000 : 0) | size) >>> 0, 24 + i * 12);
    body.writeUInt32BE(duration, 28 + i * 12);
  });
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write('sidx', 4, 'latin1');
  return Buffer.concat([head, body]);
}

describe('the segment index', () => {
  it('turns references into byte ranges after the box, from first_offset', () => {
    const box = sidx([[100, 2000], [50, 1500]]);
    expect(readSidx(box, 700, 'https://x/f.mp4')).toEqual([
      { url: 'https://x/f.mp4', range: { start: 700 + box.length + 10, end: 700 + box.length + 109 }, duration: 2 },
      { url: 'https://x/f.mp4', range: { start: 700 + box.length + 110, end: 700 + box.length + 159 }, duration: 1.5 },
    ]);
  });

  it('refuses a hierarchical index and bytes that are no sidx', () => {
    expect(() => readSidx(sidx([[100, 2000]], true), 0, 'u')).toThrow(expect.objectContaining({ code: 'upstream_failed' }));
    expect(() => readSidx(Buffer.alloc(40), 0, 'u')).toThrow(expect.objectContaining({ code: 'upstream_failed' }));
  });
});
