import { extensionOf, resolveUrl } from '@/lib/media/formats/url';
import { capOptional, TEXT_CAPS } from '@/lib/media/text-caps';
import { readJsonLd } from './html-jsonld';
import { scanPage } from './html-scan';

export type CandidateKind = 'video' | 'audio' | 'image' | 'hls' | 'dash' | 'page';

export interface MediaCandidate {
  url: string;
  kind: CandidateKind;
  /**
   * Which media object of the page this is. Each signal (OpenGraph, JSON-LD, <video> elements…) lists the page's
   * media in order, so the n-th of each names the same object: a carousel has several groups, while a <video>
   * with a WebM and an MP4 <source> is one group with two alternatives. Pictures count apart from streams
   * (IMAGE_GROUP + n) and slides an ItemList declares come first (LIST_GROUP + position).
   */
  group: number;
  /** Declared as a slide of a post (JSON-LD ItemList): a picture that is content, not a thumbnail. */
  listed?: boolean;
  mimeType?: string;
  width?: number;
  height?: number;
}

export interface HtmlMedia {
  title?: string;
  description?: string;
  thumbnail?: string;
  /** seconds */
  duration?: number;
  /** YYYY-MM-DD */
  uploadDate?: string;
  /** In page order of trust: OpenGraph, Twitter, JSON-LD, <video>/<audio>, then images. */
  candidates: MediaCandidate[];
  /** A feed of further pages (an ItemList of VideoObjects without contentUrl). */
  entries?: { url: string; title?: string; thumbnail?: string }[];
}

export const IMAGE_GROUP = 1000;
export const LIST_GROUP = 2000;

interface Raw {
  url?: string;
  secureUrl?: string;
  type?: string;
  width?: number;
  height?: number;
}

/** The kind a URL's declared type or extension implies; `fallback` when neither says. */
function kindOf(url: string, mime: string | undefined, fallback: CandidateKind): CandidateKind {
  const type = (mime ?? '').toLowerCase();
  if (/mpegurl/.test(type)) return 'hls';
  if (/dash\+xml/.test(type)) return 'dash';
  if (/^(text\/html|application\/xhtml|application\/x-shockwave-flash)/.test(type)) return 'page';
  if (/^video\//.test(type)) return 'video';
  if (/^audio\//.test(type)) return 'audio';
  if (/^image\//.test(type)) return 'image';
  const ext = extensionOf(url);
  if (ext === 'm3u8') return 'hls';
  if (ext === 'mpd') return 'dash';
  return fallback;
}

const int = (value: string) => {
  const n = parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/** OpenGraph structured properties: og:video starts an object, og:video:* describe the latest one. */
function openGraph(meta: [string, string][], root: string): Raw[] {
  const out: Raw[] = [];
  let current: Raw | null = null;
  for (const [key, value] of meta) {
    if (key === root) out.push((current = { url: value }));
    else if (key === `${root}:url` || key === `${root}:secure_url`) {
      const field = key === `${root}:url` ? 'url' : 'secureUrl';
      if (!current || current[field] !== undefined) out.push((current = {}));
      current[field] = value;
    } else if (current && key === `${root}:type`) current.type = value;
    else if (current && key === `${root}:width`) current.width = int(value);
    else if (current && key === `${root}:height`) current.height = int(value);
  }
  return out;
}

/** Reads what a page says about its media. Pure: nothing is fetched, URLs are resolved against `pageUrl`. */
export function parseHtmlMedia(html: string, pageUrl: string): HtmlMedia {
  const scan = scanPage(html);
  const ld = readJsonLd(scan.jsonLd);
  const meta = (key: string) => scan.meta.find(([k]) => k === key)?.[1] || undefined;
  const candidates: MediaCandidate[] = [];
  const seen = new Map<string, MediaCandidate>();

  const add = (ref: string | undefined, fallback: CandidateKind, group: number, extra: Omit<Raw, 'url' | 'secureUrl'> = {}) => {
    if (candidates.length >= 200) return;
    const url = resolveUrl(ref, pageUrl);
    if (!url) return;
    const existing = seen.get(url);
    if (existing) {
      existing.width ??= extra.width;
      existing.height ??= extra.height;
      existing.mimeType ??= extra.type;
      return;
    }
    const candidate: MediaCandidate = { url, kind: kindOf(url, extra.type, fallback), group };
    if (extra.type) candidate.mimeType = extra.type;
    if (extra.width) candidate.width = extra.width;
    if (extra.height) candidate.height = extra.height;
    if (group >= LIST_GROUP) candidate.listed = true;
    seen.set(url, candidate);
    candidates.push(candidate);
  };
  // https beats http for the same object.
  const addRaw = (raw: Raw, fallback: CandidateKind, group: number) => add(raw.secureUrl ?? raw.url, fallback, group, raw);

  for (const item of ld.media) {
    if (item.listed !== undefined) add(item.url, item.type, LIST_GROUP + item.listed, { ...item, type: item.mime });
  }
  openGraph(scan.meta, 'og:video').forEach((raw, i) => addRaw(raw, 'video', i));
  add(meta('twitter:player:stream'), 'video', 0, { type: meta('twitter:player:stream:content_type') });
  ld.media
    .filter((m) => m.type !== 'image' && m.listed === undefined)
    .forEach((item, i) => add(item.url, item.type, i, { ...item, type: item.mime }));
  scan.players.forEach((player, i) => {
    add(player.src, player.tag, i);
    for (const source of player.sources) add(source.src, player.tag, i, { type: source.type });
  });
  openGraph(scan.meta, 'og:audio').forEach((raw, i) => addRaw(raw, 'audio', i));
  const images = openGraph(scan.meta, 'og:image');
  images.forEach((raw, i) => addRaw(raw, 'image', IMAGE_GROUP + i));
  ld.media
    .filter((m) => m.type === 'image' && m.listed === undefined)
    .forEach((item, i) => add(item.url, 'image', IMAGE_GROUP + i, { ...item, type: item.mime }));
  add(meta('twitter:image') ?? meta('twitter:image:src'), 'image', IMAGE_GROUP);

  const firstImage = images[0] ? images[0].secureUrl ?? images[0].url : undefined;
  const poster = scan.players.find((p) => p.poster)?.poster;
  const thumbnail = [firstImage, ld.thumbnail, meta('twitter:image'), poster]
    .map((ref) => resolveUrl(ref, pageUrl))
    .find((url): url is string => url !== null);
  const entries = ld.entries.flatMap((e) => {
    const url = resolveUrl(e.url, pageUrl);
    return url && url !== pageUrl ? [{ ...e, url, title: capOptional(e.title, TEXT_CAPS.title), thumbnail: resolveUrl(e.thumbnail, pageUrl) ?? undefined }] : [];
  });

  // A page writes its own title and description: each is cut to its cap here, where it enters.
  const result: HtmlMedia = {
    title: capOptional(meta('og:title') ?? meta('twitter:title') ?? ld.name ?? (scan.title || undefined), TEXT_CAPS.title),
    description: capOptional(meta('og:description') ?? meta('description') ?? meta('twitter:description') ?? ld.description, TEXT_CAPS.description),
    thumbnail,
    duration: ld.duration ?? (meta('video:duration') ? int(meta('video:duration')!) : undefined),
    candidates,
  };
  if (ld.uploadDate) result.uploadDate = ld.uploadDate;
  if (entries.length) result.entries = dedupeEntries(entries);
  return result;
}

function dedupeEntries<T extends { url: string }>(entries: T[]): T[] {
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.url) && seen.add(e.url));
}
