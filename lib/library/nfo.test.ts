import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { episodeNfo, tvshowNfo, xmlText } from './nfo';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });
const parse = (xml: string) => {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
};
const nasty = 'A & B <script>"quoted" \'single\' ]]> \u0001\u0008 \ud800 ok 🎉';

describe('NFO files', () => {
  it('escapes text and drops characters XML 1.0 cannot hold', () => {
    expect(xmlText('a&b<c>"d\'')).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    expect(xmlText('x\u0000y\u000bz\ufffe')).toBe('xyz');
    expect(xmlText('keep\ttab\nline')).toBe('keep\ttab\nline');
    expect(xmlText('🎉')).toBe('🎉');
  });

  it('writes a tvshow.nfo with Kodi\'s element names', () => {
    const doc = parse(tvshowNfo({ title: nasty, platform: 'youtube', channelId: 'UC&1', plot: 'About', poster: 'poster.jpg' }));
    expect(doc.tvshow.title).toBe('A & B <script>"quoted" \'single\' ]]>   ok 🎉');
    expect(doc.tvshow.studio).toBe('YouTube');
    expect(doc.tvshow.plot).toBe('About');
    expect(doc.tvshow.uniqueid).toEqual({ '#text': 'UC&1', '@type': 'youtube', '@default': 'true' });
    expect(doc.tvshow.thumb).toEqual({ '#text': 'poster.jpg', '@aspect': 'poster' });
  });

  it('writes an episode NFO: title, plot, aired, studio, unique id, season, episode', () => {
    const xml = episodeNfo({
      title: 'Ep <1>', showTitle: 'Jane', plot: 'Line 1\nLine & 2', aired: '2024-03-09', platform: 'tiktok', mediaId: '123',
      season: 2024, episode: 7, durationSeconds: 125, thumb: 'Ep-thumb.jpg',
    });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<episodedetails>')).toBe(true);
    const { episodedetails: ep } = parse(xml);
    expect(ep.title).toBe('Ep <1>');
    expect(ep.showtitle).toBe('Jane');
    expect(ep.plot).toBe('Line 1\nLine & 2');
    expect(ep.aired).toBe('2024-03-09');
    expect(ep.premiered).toBe('2024-03-09');
    expect(ep.studio).toBe('TikTok');
    expect(ep.season).toBe('2024');
    expect(ep.episode).toBe('7');
    expect(ep.runtime).toBe('2');
    expect(ep.uniqueid).toEqual({ '#text': '123', '@type': 'tiktok', '@default': 'true' });
    expect(ep.thumb).toBe('Ep-thumb.jpg');
  });

  it('leaves out what is unknown rather than writing empty elements', () => {
    const { episodedetails: ep } = parse(episodeNfo({ title: 't', showTitle: 's', platform: 'generic', mediaId: 'x', season: 2020, episode: 1 }));
    expect(ep.plot).toBeUndefined();
    expect(ep.aired).toBeUndefined();
    expect(ep.studio).toBe('Generic');
  });
});
