import { describe, expect, it } from 'vitest';
import { buildConvertArgs, type ConvertInput } from './convert-args';
import { ffmetadataInputArgs, ffmetadataText } from './ffmetadata';
import type { ProbedStream } from './probe';

const input = (file: string, streams: Partial<ProbedStream>[]): ConvertInput => ({
  path: file,
  probe: { formatName: 'mov,mp4,m4a,3gp,3g2,mj2', duration: 60, size: 1, streams: streams.map((s, index) => ({ index, codecType: 'audio', codecName: 'aac', ...s })) },
});
const tags = { title: 'Talk', source: 'YouTube', url: 'https://www.youtube.com/watch?v=x' };

describe('chapters in the converter’s command', () => {
  it('come from the metadata file, the last input (after a cover), with the source’s own tags still left out', () => {
    const audio = input('/t/audio', [{ codecType: 'audio', codecName: 'aac' }]);
    const out = buildConvertArgs({ plan: { kind: 'audio', container: 'm4a' }, audio, output: '/t/out', tags, cover: '/t/cover', chapters: '/t/chapters.txt' });
    const text = out.join(' ');
    expect(text).toContain('-f ffmetadata -i file:/t/chapters.txt');
    expect(text).toContain('-format_whitelist ffmetadata');
    expect(out[out.indexOf('-map_chapters') + 1]).toBe('2');
    expect(text).toContain('-map_metadata:g -1 -map_metadata:s -1');
    expect(text).not.toContain('-map_metadata -1');
  });

  it('without chapters, none are carried over from the source', () => {
    const audio = input('/t/audio', [{ codecType: 'audio', codecName: 'aac' }]);
    const out = buildConvertArgs({ plan: { kind: 'audio', container: 'm4a' }, audio, output: '/t/out' });
    expect(out.join(' ')).toContain('-map_metadata -1 -map_chapters -1');
  });

  it('the metadata file escapes what FFMETADATA treats specially and counts in milliseconds', () => {
    expect(ffmetadataText([{ start: 1.2345, end: 2, title: 'a=b; #c\\d\ne' }])).toBe(
      ';FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=1235\nEND=2000\ntitle=a\\=b\\; \\#c\\\\d\\\ne\n');
    expect(ffmetadataInputArgs('/x')).toEqual(['-protocol_whitelist', 'file', '-format_whitelist', 'ffmetadata', '-f', 'ffmetadata', '-i', 'file:/x']);
  });
});
