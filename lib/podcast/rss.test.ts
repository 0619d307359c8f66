import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { itunesDuration, renderFeed, rfc822, type FeedChannel, type FeedItem } from './rss';
import { xmlText } from './xml';

const channel: FeedChannel = {
  title: 'Tom & Jerry <"live">', link: 'https://example.com/c?a=1&b=2', description: '', self: 'https://grab.example/api/podcast/fol_1/pf_x/feed.xml',
  imageUrl: 'https://grab.example/icon-512.png', author: "O'Brien", language: 'en',
};

const item = (n: number, extra: Partial<FeedItem> = {}): FeedItem => ({
  guid: `youtube:id${n}`, title: `Episode ${n}`, description: '', link: `https://example.com/v/${n}`,
  publishedAt: Date.UTC(2026, 10, n, 8, 30), durationSeconds: 3723, enclosure: { url: `https://grab.example/m/${n}.mp3`, length: 1234 + n, type: 'audio/mpeg' },
  ...extra,
});

const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml);

describe('podcast RSS', () => {
  it('is well-formed whatever the titles hold, and reads back as written', () => {
    const nasty = 'A <b>bold</b> & "quoted" \'title\' ]]> \u0001\u0008 with control\uFFFE chars and emoji 🎧 and a lone \uD800 surrogate';
    const xml = renderFeed(channel, [item(1, { title: nasty, link: 'https://example.com/?x=1&y=<2>' }), item(2)]);
    expect(XMLValidator.validate(xml)).toBe(true);
    const rss = parse(xml).rss;
    expect(rss['@version']).toBe('2.0');
    expect(rss['@xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
    expect(rss['@xmlns:podcast']).toBe('https://podcastindex.org/namespace/1.0');
    const ch = rss.channel;
    expect(ch.title).toBe('Tom & Jerry <"live">');
    expect(ch['itunes:author']).toBe("O'Brien");
    expect(ch['itunes:image']['@href']).toBe(channel.imageUrl);
    expect(ch.language).toBe('en');
    const [first, second] = ch.item;
    expect(first.title).toBe('A <b>bold</b> & "quoted" \'title\' ]]>  with control chars and emoji 🎧 and a lone  surrogate');
    expect(first.link).toBe('https://example.com/?x=1&y=<2>');
    expect(first.guid).toEqual({ '#text': 'youtube:id1', '@isPermaLink': 'false' });
    expect(first.enclosure).toEqual({ '@url': 'https://grab.example/m/1.mp3', '@length': '1235', '@type': 'audio/mpeg' });
    expect(first.pubDate).toBe('Sun, 01 Nov 2026 08:30:00 GMT');
    expect(first['itunes:duration']).toBe('1:02:03');
    expect(first['podcast:chapters']).toBeUndefined();
    expect(second.title).toBe('Episode 2');
  });

  it('names the chapters file and the episode picture when there are some', () => {
    const xml = renderFeed(channel, [item(3, { chaptersUrl: 'https://grab.example/c/3.json?a=1&b=2', imageUrl: 'https://i.example/3.jpg' })]);
    const entry = parse(xml).rss.channel.item;
    expect(entry['podcast:chapters']).toEqual({ '@url': 'https://grab.example/c/3.json?a=1&b=2', '@type': 'application/json+chapters' });
    expect(entry['itunes:image']).toEqual({ '@href': 'https://i.example/3.jpg' });
  });

  it('leaves out what it does not know: no pubDate, no duration', () => {
    const xml = renderFeed(channel, [item(4, { publishedAt: null, durationSeconds: null })]);
    expect(xml).not.toContain('<pubDate>');
    expect(xml).not.toContain('itunes:duration');
    expect(XMLValidator.validate(renderFeed(channel, []))).toBe(true);
  });

  it('formats dates as RFC 822 and durations as H:MM:SS or M:SS', () => {
    expect(rfc822(Date.UTC(2026, 0, 5, 23, 4, 5))).toBe('Mon, 05 Jan 2026 23:04:05 GMT');
    expect([0, 59, 61, 3599, 3600, 36_061, 12.6].map(itunesDuration)).toEqual(['0:00', '0:59', '1:01', '59:59', '1:00:00', '10:01:01', '0:13']);
  });

  it('escapes the five markup characters', () => {
    expect(xmlText(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
