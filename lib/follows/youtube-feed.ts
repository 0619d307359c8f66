import { capText, TEXT_CAPS } from '@/lib/media/text-caps';
import type { Listed } from './listing-types';

/** A YouTube channel id: 'UC' and 22 more characters; the only key YouTube's channel feed takes. */
export const YOUTUBE_CHANNEL_ID = /^UC[\w-]{22}$/;

/** The channel id in a `youtube.com/channel/UC…` link, else undefined (a handle's feed needs its id). */
export function youtubeChannelId(url: string): string | undefined {
  const match = /^https?:\/\/(?:www\.|m\.)?youtube\.com\/channel\/(UC[\w-]{22})(?:[/?#]|$)/.exec(url);
  return match?.[1];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of each `<![CDATA[…]]>` section in place of the section; an unclosed one stays as written. */
function withoutCdata(text: string): string {
  let out = '';
  let copied = 0;
  for (let at = text.indexOf('<![CDATA['); at !== -1; at = text.indexOf('<![CDATA[', copied)) {
    const end = text.indexOf(']]>', at + 9);
    // No "]]>" after this section: none after a later one either.
    if (end === -1) break;
    out += text.slice(copied, at) + text.slice(at + 9, end);
    copied = end + 3;
  }
  return out + text.slice(copied);
}

function decode(text: string): string {
  return withoutCdata(text)
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name] ?? whole;
    })
    .trim();
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\r';

/**
 * The first `<name>…</name>` (or `<name attributes…>…</name>`) at or after `from`: its raw content and where the
 * element ends. Found by plain scans that never go back, so a feed of unclosed tags is read in linear time (a
 * pattern such as /<entry(?:\s[^>]*)?>([\s\S]*?)<\/entry>/g reads to the end again from each unclosed tag).
 */
function element(xml: string, name: string, from = 0): { content: string; end: number } | undefined {
  const open = `<${name}`;
  const close = `</${name}>`;
  // The first '>' after the last opening tag looked at, reused while it lies ahead.
  let tagEnd = -1;
  for (let at = xml.indexOf(open, from); at !== -1; at = xml.indexOf(open, at + 1)) {
    const after = at + open.length;
    let content: number;
    if (xml[after] === '>') content = after + 1;
    else if (isSpace(xml[after])) {
      if (tagEnd < after) tagEnd = xml.indexOf('>', after);
      // No '>' after this tag: no later tag closes either.
      if (tagEnd === -1) return undefined;
      content = tagEnd + 1;
    } else continue;
    const closing = xml.indexOf(close, content);
    // No closing tag after this one: none after a later one either.
    if (closing === -1) return undefined;
    return { content: xml.slice(content, closing), end: closing + close.length };
  }
  return undefined;
}

const text = (xml: string, name: string) => {
  const found = element(xml, name);
  return found ? decode(found.content) : undefined;
};

const isNameChar = (char: string | undefined) => char !== undefined && /^[\w:.-]$/.test(char);

/** The attributes of the tag whose name ends before `from`, and where the tag ends (its '>' or the text's end). */
function attributesAt(xml: string, from: number): { attributes: Map<string, string>; end: number } {
  const attributes = new Map<string, string>();
  let i = from;
  while (i < xml.length && xml[i] !== '>') {
    if (!isNameChar(xml[i])) {
      i += 1;
      continue;
    }
    const start = i;
    while (isNameChar(xml[i])) i += 1;
    const key = xml.slice(start, i);
    while (isSpace(xml[i])) i += 1;
    if (xml[i] !== '=') continue;
    i += 1;
    while (isSpace(xml[i])) i += 1;
    const quote = xml[i];
    if (quote !== '"' && quote !== "'") continue;
    const close = xml.indexOf(quote, i + 1);
    const valueEnd = close === -1 ? xml.length : close;
    if (!attributes.has(key)) attributes.set(key, xml.slice(i + 1, valueEnd));
    i = valueEnd + 1;
  }
  return { attributes, end: i };
}

/** The entry's `rel="alternate"` link, else its first link with an address. */
function linkOf(entry: string): string | undefined {
  let first: string | undefined;
  for (let at = entry.indexOf('<link'); at !== -1; ) {
    if (isNameChar(entry[at + 5])) {
      at = entry.indexOf('<link', at + 5);
      continue;
    }
    const { attributes, end } = attributesAt(entry, at + 5);
    const href = attributes.get('href') || undefined;
    if (href && attributes.get('rel') === 'alternate') return href;
    first ??= href;
    at = entry.indexOf('<link', end);
  }
  return first;
}

/**
 * The entries of a YouTube channel's Atom feed (newest first, as YouTube lists them): id, title, link and publish
 * time. A link under /shorts/ is a Short. The feed says nothing of duration, lives or membership, so those fields
 * stay unknown. Entries without a video id or a link are left out. The channel's name and each title are cut to
 * their caps: the feed is a stranger's text.
 */
export function parseYoutubeFeed(xml: string): { name?: string; uploads: Listed[] } {
  const firstEntry = xml.indexOf('<entry');
  const head = firstEntry === -1 ? xml : xml.slice(0, firstEntry);
  const uploads: Listed[] = [];
  for (let found = element(xml, 'entry'); found; found = element(xml, 'entry', found.end)) {
    const entry = found.content;
    const mediaId = text(entry, 'yt:videoId');
    const href = linkOf(entry);
    if (!mediaId || !href) continue;
    const url = decode(href);
    const published = Date.parse(text(entry, 'published') ?? '');
    uploads.push({
      mediaId: capText(mediaId, TEXT_CAPS.tag),
      title: capText(text(entry, 'title') || mediaId, TEXT_CAPS.title),
      url,
      ...(Number.isFinite(published) ? { publishedAt: published } : {}),
      ...(/\/shorts\//.test(url) ? { short: true } : {}),
    });
  }
  const name = text(head, 'title');
  return { ...(name === undefined ? {} : { name: capText(name, TEXT_CAPS.name) }), uploads };
}
