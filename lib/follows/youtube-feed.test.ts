import { describe, expect, it } from 'vitest';
import { TEXT_CAPS } from '@/lib/media/text-caps';
import { parseYoutubeFeed } from './youtube-feed';
import { fastestMs } from '@/test/timing';

const entry = (id: string, title: string, link = `<link rel="alternate" href="https://www.youtube.com/watch?v=${id}"/>`) => `<entry>
  <id>yt:video:${id}</id>
  <yt:videoId>${id}</yt:videoId>
  <title>${title}</title>
  ${link}
  <published>2026-01-02T03:04:05+00:00</published>
 </entry>`;

const feed = (...entries: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="https://www.youtube.com/feeds/videos.xml?channel_id=UC0123456789012345678901"/>
 <title>Creator &amp; Co</title>
 ${entries.join('\n ')}
</feed>`;

describe('parseYoutubeFeed', () => {
  it('reads the channel name and each entry: id, title, link, publish time, Shorts', () => {
    const parsed = parseYoutubeFeed(feed(
      entry('aaaaaaaaaaa', 'First &lt;one&gt; &#233;&#x1F3AC;'),
      entry('bbbbbbbbbbb', '<![CDATA[Second & <raw>]]>', '<link rel="alternate" href="https://www.youtube.com/shorts/bbbbbbbbbbb"/>'),
    ));
    expect(parsed).toEqual({
      name: 'Creator & Co',
      uploads: [
        { mediaId: 'aaaaaaaaaaa', title: 'First <one> é🎬', url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa', publishedAt: Date.parse('2026-01-02T03:04:05Z') },
        { mediaId: 'bbbbbbbbbbb', title: 'Second & <raw>', url: 'https://www.youtube.com/shorts/bbbbbbbbbbb', publishedAt: Date.parse('2026-01-02T03:04:05Z'), short: true },
      ],
    });
  });

  it('prefers the alternate link, takes any link without one, and leaves out an entry without an id or a link', () => {
    const parsed = parseYoutubeFeed(feed(
      entry('ccccccccccc', 'C', '<link rel="related" href="https://x.example/related"/><link href="https://x.example/c" rel="alternate"/>'),
      entry('ddddddddddd', 'D', '<link rel="related" href="https://x.example/d"/>'),
      entry('eeeeeeeeeee', 'E', ''),
      '<entry><title>no id</title><link rel="alternate" href="https://x.example/f"/></entry>',
      entry('ggggggggggg', '', '<link\n  rel="alternate"\n  href="https://x.example/g?a=1&amp;b=2"/>'),
    ));
    expect(parsed.uploads.map(({ mediaId, title, url }) => ({ mediaId, title, url }))).toEqual([
      { mediaId: 'ccccccccccc', title: 'C', url: 'https://x.example/c' },
      { mediaId: 'ddddddddddd', title: 'D', url: 'https://x.example/d' },
      { mediaId: 'ggggggggggg', title: 'ggggggggggg', url: 'https://x.example/g?a=1&b=2' },
    ]);
  });

  it('ignores what is not a feed, and entries never closed', () => {
    expect(parseYoutubeFeed('')).toEqual({ uploads: [] });
    expect(parseYoutubeFeed('<html>no feed</html>').uploads).toEqual([]);
    expect(parseYoutubeFeed(`<feed>${entry('aaaaaaaaaaa', 'A').replace('</entry>', '')}`).uploads).toEqual([]);
  });

  it('cuts a title and the channel name to their caps', () => {
    const parsed = parseYoutubeFeed(feed(entry('aaaaaaaaaaa', 't'.repeat(100_000))).replace('Creator &amp; Co', 'n'.repeat(100_000)));
    expect(parsed.name).toHaveLength(TEXT_CAPS.name);
    expect(parsed.uploads[0].title).toHaveLength(TEXT_CAPS.title);
  });

  it('reads a feed of 100 000-character runs of unclosed tags in linear time', () => {
    const n = 100_000;
    const feeds = [
      '<entry>'.repeat(n / 7), '<entry '.repeat(n / 7), `<feed>${'<title '.repeat(n / 7)}`, `<entry>${'<link '.repeat(n / 6)}</entry>`,
      `<entry><yt:videoId>a</yt:videoId><link ${'rel="alternate" '.repeat(n / 16)}</entry>`, `<entry>${'<![CDATA['.repeat(n / 9)}</entry>`,
      `<feed><title>${'<![CDATA['.repeat(n / 9)}</title>`,
    ];
    for (const text of feeds) expect(fastestMs(() => parseYoutubeFeed(text)), text.slice(0, 20)).toBeLessThan(50);
  });
});
