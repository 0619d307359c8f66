import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeCues, parseSrt, parseTimestamp, parseVtt, toSrt, toVtt } from './cues';

const VTT = `WEBVTT - a title
X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:10.000

STYLE
::cue { color: lime }

NOTE a comment --> with an arrow

intro
00:00:10.500 --> 00:00:12.000 align:start line:90%
<v Roger>Hello &amp; <i>welcome</i></v>
second line

01:02.250 --> 01:03.000
Short form
`;

describe('WebVTT and SRT', () => {
  it('reads timestamps in both forms, and nothing else', () => {
    expect(parseTimestamp('01:02:03.456')).toBeCloseTo(3723.456, 6);
    expect(parseTimestamp('02:03.4')).toBeCloseTo(123.4, 6);
    expect(parseTimestamp('00:00:01,250')).toBeCloseTo(1.25, 6);
    expect(parseTimestamp('1:2:3')).toBeUndefined();
  });

  it('parses cues, settings and the X-TIMESTAMP-MAP; skips STYLE and NOTE blocks', () => {
    const parsed = parseVtt(VTT);
    expect(parsed.timestampMap).toEqual({ mpegts: 900000, local: 10 });
    expect(parsed.cues).toEqual([
      { start: 10.5, end: 12, text: '<v Roger>Hello &amp; <i>welcome</i></v>\nsecond line', settings: 'align:start line:90%' },
      { start: 62.25, end: 63, text: 'Short form' },
    ]);
    expect(() => parseVtt('1\n00:00:01,000 --> 00:00:02,000\nnot vtt\n')).toThrow(expect.objectContaining({ code: 'upstream_failed' }));
  });

  it('writes SRT with only the tags SRT players know, entities decoded', () => {
    const srt = toSrt(parseVtt(VTT).cues);
    expect(srt).toBe('1\n00:00:10,500 --> 00:00:12,000\nHello & <i>welcome</i>\nsecond line\n\n2\n00:01:02,250 --> 00:01:03,000\nShort form\n');
    expect(parseSrt(srt)).toHaveLength(2);
  });

  it('drops the tags SRT players do not know exactly as a scan from each "<" to the next ">" on its line would', () => {
    // The plain quadratic reading: at each '<' that does not open or close i, b or u, look for a '>' before the line
    // ends; found, the tag goes, else the '<' stays.
    const byScan = (input: string) => {
      const text = input.split('\n').filter((line) => line.trim() !== '').join('\n').replaceAll('-->', '→');
      let out = '';
      for (let i = 0; i < text.length; i += 1) {
        if (text[i] === '<' && !['<i>', '<b>', '<u>', '</i>', '</b>', '</u>'].some((tag) => text.startsWith(tag, i))) {
          let j = i + 1;
          while (j < text.length && text[j] !== '>' && text[j] !== '\n') j += 1;
          if (text[j] === '>') {
            i = j;
            continue;
          }
        }
        out += text[i];
      }
      return out;
    };
    const piece = fc.constantFrom('<', '>', '/', 'i', 'b', 'u', 'v', ' ', '\n', 'x', '<i>', '</b>', '<v a>', '<<');
    fc.assert(fc.property(fc.array(piece, { maxLength: 30 }).map((parts) => parts.join('')), (text) => {
      expect(toSrt([{ start: 0, end: 1, text }])).toBe(`1\n00:00:00,000 --> 00:00:01,000\n${byScan(text)}\n`);
    }), { numRuns: 3000, seed: 20261125 });
  });

  it('writes SRT from a cue of 100 000 unclosed "<" in linear time', () => {
    const text = `a${'<'.repeat(100_000)}b`;
    let fastest = Infinity;
    let srt = '';
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      srt = toSrt([{ start: 0, end: 1, text }]);
      fastest = Math.min(fastest, performance.now() - started);
    }
    expect(fastest).toBeLessThan(50);
    expect(srt).toBe(`1\n00:00:00,000 --> 00:00:01,000\n${text}\n`);
  });

  it('writes WebVTT that reads back the same, and never lets cue text end or fake a cue', () => {
    const cues = [{ start: 1, end: 2, text: 'a --> b\n\nc' }];
    const vtt = toVtt(cues);
    expect(vtt).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\na → b\nc\n');
    expect(parseVtt(vtt).cues).toEqual([{ start: 1, end: 2, text: 'a → b\nc' }]);
  });

  it('merges segments: time order, each repeated cue once, blank ones dropped', () => {
    const a = { start: 1.95, end: 2.15, text: 'across' };
    expect(mergeCues([{ start: 3, end: 4, text: 'later' }, a, { ...a }, { start: 0, end: 1, text: '  ' }]).map((c) => c.text)).toEqual(['across', 'later']);
  });
});
