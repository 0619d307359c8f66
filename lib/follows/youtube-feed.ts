import type { Listed } from './listing-types';

/** A YouTube channel id: 'UC' and 22 more characters; the only key YouTube's channel feed takes. */
export const YOUTUBE_CHANNEL_ID = /^UC[\w-]{22}$/;

/** The channel id in a `youtube.com/channel/UC…` link, else undefined (a handle's feed needs its id). */
export function youtubeChannelId(url: string): string | undefined {
  const match = /^https?:\/\/(?:www\.|m\.)?youtube\.com\/channel\/(UC[\w-]{22})(?:[/?#]|$)/.exec(url);
  return match?.[1];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name] ?? whole;
    })
    .trim();
}

const tag = (xml: string, name: string) => {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return match ? decode(match[1]) : undefined;
};

/**
 * The entries of a YouTube channel's Atom feed (newest first, as YouTube lists them): id, title, link and publish
 * time. A link under /shorts/ is a Short. The feed says nothing of duration, lives or membership, so those fields
 * stay unknown. Entries without a video id or a link are left out.
 */
export function parseYoutubeFeed(xml: string): { name?: string; uploads: Listed[] } {
  const head = xml.split('<entry')[0] ?? '';
  const uploads: Listed[] = [];
  for (const match of xml.matchAll(/<entry(?:\s[^>]*)?>([\s\S]*?)<\/entry>/g)) {
    const entry = match[1];
    const mediaId = tag(entry, 'yt:videoId');
    const href = /<link\b[^>]*\brel="alternate"[^>]*\bhref="([^"]+)"/.exec(entry)?.[1]
      ?? /<link\b[^>]*\bhref="([^"]+)"/.exec(entry)?.[1];
    if (!mediaId || !href) continue;
    const url = decode(href);
    const published = Date.parse(tag(entry, 'published') ?? '');
    uploads.push({
      mediaId,
      title: tag(entry, 'title') || mediaId,
      url,
      ...(Number.isFinite(published) ? { publishedAt: published } : {}),
      ...(/\/shorts\//.test(url) ? { short: true } : {}),
    });
  }
  return { name: tag(head, 'title'), uploads };
}
