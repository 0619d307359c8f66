import { describe, expect, it } from 'vitest';
import { parseHlsPlaylist, type HlsMedia } from '@/lib/media/formats/hls';
import { stripId3 } from './segment-fetch';
import { hlsRuns } from './segment-plan';

const BASE = 'https://cdn.example.com/s/index.m3u8';
const media = (body: string) => parseHlsPlaylist(`#EXTM3U\n#EXT-X-TARGETDURATION:2\n${body}\n#EXT-X-ENDLIST\n`, BASE) as HlsMedia;
const names = (runs: ReturnType<typeof hlsRuns>) => runs.map((r) => [r.init?.url.split('/').pop() ?? '-', ...r.segments.map((s) => s.url.split('/').pop())]);

describe('hlsRuns', () => {
  it('is one run for a continuous playlist', () => {
    expect(names(hlsRuns(media('#EXTINF:2,\na.ts\n#EXTINF:2,\nb.ts').segments))).toEqual([['-', 'a.ts', 'b.ts']]);
  });

  it('cuts at a discontinuity and where the init segment changes, each run with its own init', () => {
    const m = media([
      '#EXT-X-MAP:URI="i1.mp4"', '#EXTINF:2,', 'a.m4s', '#EXTINF:2,', 'b.m4s',
      '#EXT-X-MAP:URI="i2.mp4"', '#EXTINF:2,', 'c.m4s',
      '#EXT-X-DISCONTINUITY', '#EXTINF:2,', 'd.m4s',
    ].join('\n'));
    expect(names(hlsRuns(m.segments))).toEqual([['i1.mp4', 'a.m4s', 'b.m4s'], ['i2.mp4', 'c.m4s'], ['i2.mp4', 'd.m4s']]);
  });

  it('never fetches a gap segment and closes the gap: the segments after it are a new run', () => {
    const m = media('#EXTINF:2,\na.ts\n#EXT-X-GAP\n#EXTINF:2,\nmissing.ts\n#EXTINF:2,\nc.ts\n#EXTINF:2,\nd.ts');
    expect(names(hlsRuns(m.segments))).toEqual([['-', 'a.ts'], ['-', 'c.ts', 'd.ts']]);
  });
});

describe('stripId3', () => {
  const tag = (payload: number) => {
    const size = Buffer.from([0, 0, (payload >> 7) & 0x7f, payload & 0x7f]);
    return Buffer.concat([Buffer.from('ID3\x04\x00\x00', 'latin1'), size, Buffer.alloc(payload, 1)]);
  };
  const adts = Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc, 9, 9, 9]);

  it('cuts every leading ID3v2 tag of a packed audio segment', () => {
    expect(stripId3(Buffer.concat([tag(73), adts]))).toEqual(adts);
    expect(stripId3(Buffer.concat([tag(200), tag(10), adts]))).toEqual(adts);
  });

  it('leaves MPEG-TS, fMP4 and a truncated tag as they are', () => {
    const ts = Buffer.from([0x47, 0x40, 0x00, 0x10]);
    expect(stripId3(ts)).toBe(ts);
    const truncated = tag(500).subarray(0, 50);
    expect(stripId3(truncated)).toBe(truncated);
  });
});
