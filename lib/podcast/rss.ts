import { element, xmlText } from './xml';

/** The show: one follow's creator as a podcast. URLs are absolute. */
export interface FeedChannel {
  title: string;
  /** The creator's page. */
  link: string;
  description: string;
  /** This feed's own address (atom:link rel=self). */
  self: string;
  imageUrl: string;
  author: string;
  /** BCP 47, e.g. 'en'. */
  language: string;
}

/** One episode. `guid` is stable across feed reads and never a link. */
export interface FeedItem {
  guid: string;
  title: string;
  description: string;
  /** The upload's page on its platform. */
  link: string;
  /** ms since the epoch; null when unknown (then no pubDate). */
  publishedAt: number | null;
  durationSeconds: number | null;
  enclosure: { url: string; length: number; type: string };
  imageUrl?: string;
  /** The episode's chapters file (JSON chapters), when the file has chapters. */
  chaptersUrl?: string;
}

/** RFC 822 as RSS 2.0 asks (RFC 1123's four-digit year, GMT). */
export const rfc822 = (ms: number): string => new Date(ms).toUTCString();

/** iTunes duration: H:MM:SS (or M:SS under an hour). */
export function itunesDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const attr = (value: string) => xmlText(value);

function itemXml(item: FeedItem): string {
  return [
    '<item>',
    element('title', item.title),
    element('description', item.description || item.title),
    element('link', item.link),
    `<guid isPermaLink="false">${xmlText(item.guid)}</guid>`,
    item.publishedAt === null ? '' : `<pubDate>${rfc822(item.publishedAt)}</pubDate>`,
    `<enclosure url="${attr(item.enclosure.url)}" length="${Math.max(0, Math.round(item.enclosure.length))}" type="${attr(item.enclosure.type)}"/>`,
    item.durationSeconds === null ? '' : `<itunes:duration>${itunesDuration(item.durationSeconds)}</itunes:duration>`,
    item.imageUrl ? `<itunes:image href="${attr(item.imageUrl)}"/>` : '',
    item.chaptersUrl ? `<podcast:chapters url="${attr(item.chaptersUrl)}" type="application/json+chapters"/>` : '',
    '</item>',
  ].join('');
}

/** The whole feed: RSS 2.0 with the iTunes and Podcasting 2.0 namespaces, items in the order given. */
export function renderFeed(channel: FeedChannel, items: readonly FeedItem[]): string {
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description || channel.title),
    element('language', channel.language),
    `<atom:link href="${attr(channel.self)}" rel="self" type="application/rss+xml"/>`,
    `<image><url>${xmlText(channel.imageUrl)}</url>${element('title', channel.title)}${element('link', channel.link)}</image>`,
    element('itunes:author', channel.author),
    `<itunes:image href="${attr(channel.imageUrl)}"/>`,
    '<itunes:explicit>false</itunes:explicit>',
    '<podcast:locked>yes</podcast:locked>',
  ].join('\n');
  return `${head}\n${items.map(itemXml).join('\n')}\n</channel>\n</rss>\n`;
}
