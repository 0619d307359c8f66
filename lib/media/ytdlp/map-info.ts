import type { ExtractedItem, Extraction, MediaKind, Platform, SourceFormat } from '@/lib/media/types';

import { normaliseChapters } from '@/lib/media/chapters/chapters';
import { mapYtdlpFormats, positive } from './map-formats';
import { mapYtdlpSubtitles } from './map-subtitles';
import { titleFromUrl } from '@/lib/media/formats/stream-title';
import { fileNameOf } from '@/lib/media/formats/url';
import type { YtdlpFormat, YtdlpInfo, YtdlpThumbnail } from './types';

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

/**
 * A picture's address as an absolute http(s) URL. yt-dlp's generic extractor passes a page's og:image on as
 * written, and pages often write it relative ("/image.jpg"): it is resolved against the page it came from.
 */
function pictureUrl(value: unknown, page: string | undefined): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  if (HTTP_URL.test(value)) return value;
  if (!page) return undefined;
  try {
    return httpUrl(new URL(value, page).href);
  } catch {
    return undefined;
  }
}

/** Same order as yt-dlp's own thumbnail sort (preference, width, height); the last of equals wins. */
function bestPicture(info: YtdlpInfo, page = pageUrl(info) || undefined): YtdlpThumbnail | undefined {
  let best: { thumb: YtdlpThumbnail; key: number[] } | undefined;
  for (const thumb of info.thumbnails ?? []) {
    const url = pictureUrl(thumb.url, page);
    if (!url) continue;
    const key = [thumb.preference ?? -1, thumb.width ?? -1, thumb.height ?? -1];
    if (!best || compare(key, best.key) >= 0) best = { thumb: { ...thumb, url }, key };
  }
  if (best) return best.thumb;
  const url = pictureUrl(info.thumbnail, page);
  return url ? { url } : undefined;
}

function bestThumbnail(info: YtdlpInfo): string | undefined {
  return bestPicture(info)?.url;
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

const IMAGE_EXT = /\.(jpe?g|png|webp|gif)$/i;

/**
 * A post's photo slide: yt-dlp gives it no formats, only its picture in several sizes as thumbnails
 * (Instagram's carousel_media without video_versions). The largest picture is the slide itself.
 * An entry without formats for a reason (DRM, not yet live) is not a photo: the worker leaves it out, and one
 * flagged DRM is refused here too.
 */
function photoSource(entry: YtdlpInfo): SourceFormat | null {
  if (formatsOf(entry).length > 0 || entry._has_drm) return null;
  const picture = bestPicture(entry);
  const url = httpUrl(picture?.url);
  if (!picture || !url) return null;
  let ext = 'jpg';
  try {
    ext = (IMAGE_EXT.exec(new URL(url).pathname)?.[1] ?? 'jpg').toLowerCase().replace('jpeg', 'jpg');
  } catch {
    // a URL the pattern let through that URL() cannot parse: keep the default extension
  }
  const [source] = mapYtdlpFormats([
    { format_id: 'photo', url, ext, protocol: 'https', vcodec: 'none', acodec: 'none', width: picture.width, height: picture.height,
      ...(entry.http_headers ? { http_headers: entry.http_headers } : {}) },
  ]);
  return source ?? null;
}

const isFlat = (entry: YtdlpInfo): boolean => entry._type === 'url' || entry._type === 'url_transparent';

/** A resolved entry is a whole video (it has formats) or a photo slide; a flat one is only a link to analyse later. */
function isResolved(entry: YtdlpInfo): boolean {
  return !isFlat(entry) && (formatsOf(entry).length > 0 || photoSource(entry) !== null);
}

function toItem(entry: YtdlpInfo, index: number): ExtractedItem {
  const photo = photoSource(entry);
  const item: ExtractedItem = {
    id: text(entry.id) ?? String(index + 1),
    title: text(entry.title) ?? `Item ${index + 1}`,
    sources: photo ? [photo] : mapYtdlpFormats(formatsOf(entry)),
  };
  const thumbnail = bestThumbnail(entry);
  if (thumbnail) item.thumbnail = thumbnail;
  const duration = positive(entry.duration);
  if (duration !== undefined) item.duration = duration;
  return item;
}

/**
 * Instagram titles every slide of a carousel "Video by <user>", photos included: when the items' titles do not
 * tell them apart, each is named after the post and its place in it ("Post by <user> #2"), which names its file.
 */
function distinctTitles(items: ExtractedItem[], postTitle: string): ExtractedItem[] {
  if (new Set(items.map((item) => item.title)).size === items.length) return items;
  return items.map((item, index) => ({ ...item, title: `${postTitle} #${index + 1}` }));
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

/**
 * The media's title. yt-dlp's generic extractor titles a bare stream or file by its file name ("master",
 * "manifest"): that title says what the link's file name says, in words where it says nothing.
 */
function titleOf(info: YtdlpInfo): string {
  const title = text(info.title) ?? text(info.id);
  const url = pageUrl(info);
  if (title && url && (info.extractor_key ?? '').toLowerCase() === 'generic' && title === fileNameOf(url)) return titleFromUrl(url);
  return title ?? 'Untitled';
}

function base(info: YtdlpInfo, platform: Platform): Omit<Extraction, 'kind' | 'sources'> {
  const extraction: Omit<Extraction, 'kind' | 'sources'> = {
    id: text(info.id) ?? '',
    url: pageUrl(info),
    title: titleOf(info),
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
  const day = /^(\d{4})(\d{2})(\d{2})$/.exec(text(info.upload_date) ?? text(info.release_date) ?? '');
  if (day) extraction.uploadDate = `${day[1]}-${day[2]}-${day[3]}`;
  if (info.is_live) extraction.isLive = true;
  const chapters = normaliseChapters((info.chapters ?? []).map((c) => ({ start: c.start_time ?? undefined, end: c.end_time ?? undefined, title: c.title ?? '' })), duration);
  if (chapters.length > 0) extraction.chapters = chapters;
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
  // Only flat entries are links to analyse later; a resolved entry with nothing to offer (DRM) is left out, not
  // turned into a link back to the post it came from.
  const links = entries.filter(isFlat).flatMap((entry) => toEntry(entry) ?? []);
  if (resolved.length > 0) {
    const items = distinctTitles(resolved.map(toItem), extraction.title);
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
  if (platform === 'tiktok' && isSlideshowSound(sources)) return mapTiktokSlideshow(info, platform, sources);
  const allImages = sources.length > 0 && sources.every((source) => source.isImage);
  const subtitles = mapYtdlpSubtitles(info);
  return { ...base(info, platform), kind: singleKind(info, platform, allImages), sources, ...(subtitles.length ? { subtitles } : {}) };
}

/** A TikTok whose every format is sound only: a photo slideshow (its play_addr is the music track). */
function isSlideshowSound(sources: SourceFormat[]): boolean {
  return sources.length > 0 && sources.every((source) => source.vcodec === null && !source.isImage && source.acodec !== null);
}

/**
 * yt-dlp's TikTok extractor gives a slideshow its music track as the formats and its first picture as the cover
 * thumbnails; our worker adds the pictures themselves (`grabline_slides`). The post becomes one item per picture
 * (as TikTok serves it, never re-encoded), then the sound; without the pictures, the cover stands for them.
 */
function mapTiktokSlideshow(info: YtdlpInfo, platform: Platform, sound: SourceFormat[]): Extraction {
  const extraction = base(info, platform);
  const id = extraction.id || 'slideshow';
  const headers = info.http_headers ? { http_headers: info.http_headers } : {};
  const pictures: ExtractedItem[] = [];
  for (const [index, slide] of (Array.isArray(info.grabline_slides) ? info.grabline_slides : []).entries()) {
    const picture = photoSource({ thumbnails: [slide], ...headers });
    if (picture) pictures.push({ id: `${id}-${index + 1}`, title: `${extraction.title} #${index + 1}`, thumbnail: picture.url, sources: [picture] });
  }
  if (pictures.length === 0) {
    const cover = photoSource({ thumbnails: info.thumbnails, thumbnail: info.thumbnail, ...headers });
    if (cover) pictures.push({ id: `${id}-cover`, title: `${extraction.title} - cover`, thumbnail: cover.url, sources: [cover] });
  }
  const soundItem: ExtractedItem = { id: `${id}-sound`, title: `${extraction.title} - sound`, sources: sound };
  if (extraction.duration !== undefined) soundItem.duration = extraction.duration;
  if (pictures[0]?.thumbnail) soundItem.thumbnail = pictures[0].thumbnail;
  const items = [...pictures, soundItem];
  // Optionally the whole slideshow as one video: the pictures over the sound, composed only when picked.
  if (pictures.length > 0) items.push({ ...soundItem, id: `${id}-video`, title: `${extraction.title} - video`, sources: [],
    slideshow: { pictures: pictures.map((item) => item.sources[0]), sound: sound[0] } });
  return { ...extraction, kind: 'photo', sources: items[0].sources, items };
}
