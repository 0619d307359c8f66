import type { ExtractedItem, Extraction, MediaKind, Platform } from '@/lib/media/types';

import { mapYtdlpFormats, positive } from './map-formats';
import type { YtdlpFormat, YtdlpInfo } from './types';

/** yt-dlp names extractors per site and page type (YoutubeTab, VMTikTok, FacebookReel, TwitterBroadcast…). */
const EXTRACTOR_PLATFORMS: [string, Platform][] = [
  ['youtube', 'youtube'],
  ['tiktok', 'tiktok'],
  ['instagram', 'instagram'],
  ['facebook', 'facebook'],
  ['twitter', 'twitter'],
];

const HTTP_URL = /^https?:\/\//i;
const CHANNEL_PATH = /\/(?:@[^/?#]+|channel\/|c\/|user\/)/;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

function httpUrl(value: unknown): string | undefined {
  return typeof value === 'string' && HTTP_URL.test(value) ? value : undefined;
}

function platformOf(info: YtdlpInfo, recognised?: Platform): Platform {
  const key = (info.extractor_key ?? info.ie_key ?? '').toLowerCase();
  const found = EXTRACTOR_PLATFORMS.find(([name]) => key.includes(name));
  return found?.[1] ?? recognised ?? 'generic';
}

/** Same order as yt-dlp's own thumbnail sort (preference, width, height); the last of equals wins. */
function bestThumbnail(info: YtdlpInfo): string | undefined {
  let best: { url: string; key: number[] } | undefined;
  for (const thumb of info.thumbnails ?? []) {
    const url = httpUrl(thumb.url);
    if (!url) continue;
    const key = [thumb.preference ?? -1, thumb.width ?? -1, thumb.height ?? -1];
    if (!best || compare(key, best.key) >= 0) best = { url, key };
  }
  return best?.url ?? httpUrl(info.thumbnail);
}

function compare(a: number[], b: number[]): number {
  const i = a.findIndex((v, j) => v !== b[j]);
  return i === -1 ? 0 : a[i] - b[i];
}

/** A single-format result carries its format fields on the info itself. */
function formatsOf(info: YtdlpInfo): YtdlpFormat[] {
  if (info.formats && info.formats.length > 0) return info.formats;
  return info.url ? [info] : [];
}

function pageUrl(info: YtdlpInfo): string {
  return httpUrl(info.webpage_url) ?? httpUrl(info.original_url) ?? httpUrl(info.url) ?? '';
}

function singleKind(info: YtdlpInfo, platform: Platform, allImages: boolean): MediaKind {
  if (info.is_live || info.live_status === 'is_live') return 'live';
  const path = pageUrl(info).replace(/^https?:\/\/[^/]+/i, '');
  if (/^\/shorts\//.test(path)) return 'short';
  if (platform === 'instagram' && /^\/stories\//.test(path)) return 'story';
  if ((platform === 'instagram' || platform === 'facebook') && /^\/(?:[^/]+\/)?reels?\//.test(path)) return 'reel';
  if (platform === 'instagram' && /^\/(?:[^/]+\/)?p\//.test(path)) return 'post';
  if (allImages || (platform === 'tiktok' && /\/photo\//.test(path))) return 'photo';
  return 'video';
}

function isChannel(info: YtdlpInfo): boolean {
  const key = info.extractor_key ?? '';
  if (/User$/.test(key)) return true; // TikTokUser, InstagramUser, TwitterUser…
  if (info.channel_id && info.channel_id === info.id) return true; // a YouTube channel's uploads
  return CHANNEL_PATH.test(pageUrl(info)) && !/[?&]list=/.test(pageUrl(info));
}

/** A resolved entry is a whole video (it has formats); a flat one is only a link to analyse later. */
function isResolved(entry: YtdlpInfo): boolean {
  return entry._type !== 'url' && entry._type !== 'url_transparent' && formatsOf(entry).length > 0;
}

function toItem(entry: YtdlpInfo, index: number): ExtractedItem {
  const item: ExtractedItem = {
    id: text(entry.id) ?? String(index + 1),
    title: text(entry.title) ?? `Item ${index + 1}`,
    sources: mapYtdlpFormats(formatsOf(entry)),
  };
  const thumbnail = bestThumbnail(entry);
  if (thumbnail) item.thumbnail = thumbnail;
  const duration = positive(entry.duration);
  if (duration !== undefined) item.duration = duration;
  return item;
}

function toEntry(entry: YtdlpInfo): NonNullable<Extraction['entries']>[number] | null {
  const url = httpUrl(entry.url) ?? httpUrl(entry.webpage_url);
  if (!url) return null;
  const thumbnail = bestThumbnail(entry);
  return {
    url,
    ...(text(entry.title) ? { title: entry.title } : {}),
    ...(text(entry.id) ? { id: entry.id } : {}),
    ...(thumbnail ? { thumbnail } : {}),
  };
}

function base(info: YtdlpInfo, platform: Platform): Omit<Extraction, 'kind' | 'sources'> {
  const extraction: Omit<Extraction, 'kind' | 'sources'> = {
    id: text(info.id) ?? '',
    url: pageUrl(info),
    title: text(info.title) ?? text(info.id) ?? 'Untitled',
    platform,
    engine: 'ytdlp',
  };
  const description = text(info.description);
  if (description) extraction.description = description;
  const thumbnail = bestThumbnail(info);
  if (thumbnail) extraction.thumbnail = thumbnail;
  const duration = positive(info.duration);
  if (duration !== undefined) extraction.duration = duration;
  const uploader = text(info.uploader) ?? text(info.channel) ?? text(info.creator);
  if (uploader) extraction.uploader = uploader;
  if (info.is_live) extraction.isLive = true;
  return extraction;
}

function mapPlaylist(info: YtdlpInfo, platform: Platform): Extraction {
  const entries = (info.entries ?? []).filter((entry): entry is YtdlpInfo => !!entry && typeof entry === 'object');
  const resolved = entries.filter(isResolved);
  // A "playlist" of one resolved video is just that video (some extractors wrap single posts).
  if (resolved.length === 1 && entries.length === 1) {
    return mapYtdlpInfo({ ...resolved[0], webpage_url: resolved[0].webpage_url ?? info.webpage_url }, platform);
  }
  const extraction = base(info, platform);
  const links = entries.filter((entry) => !isResolved(entry)).flatMap((entry) => toEntry(entry) ?? []);
  if (resolved.length > 0) {
    const items = resolved.map(toItem);
    const kind = singleKind(info, platform, false);
    return {
      ...extraction,
      thumbnail: extraction.thumbnail ?? items[0].thumbnail,
      kind: kind === 'video' ? 'post' : kind,
      sources: items[0].sources,
      items,
      ...(links.length > 0 ? { entries: links } : {}),
    };
  }
  return { ...extraction, kind: isChannel(info) ? 'channel' : 'playlist', sources: [], entries: links };
}

/** yt-dlp's info dict → our Extraction. `recognisedPlatform` names the platform when yt-dlp's generic extractor did the work. */
export function mapYtdlpInfo(info: YtdlpInfo, recognisedPlatform?: Platform): Extraction {
  const platform = platformOf(info, recognisedPlatform);
  if (info._type === 'playlist' || info._type === 'multi_video') return mapPlaylist(info, platform);
  const sources = mapYtdlpFormats(formatsOf(info));
  const allImages = sources.length > 0 && sources.every((source) => source.isImage);
  return { ...base(info, platform), kind: singleKind(info, platform, allImages), sources };
}
