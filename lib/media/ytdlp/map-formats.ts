import type { Fragment, Protocol, SourceFormat } from '@/lib/media/types';

import type { YtdlpFormat } from './types';

/** yt-dlp protocols our downloader speaks; rtmp, f4m, ism, websockets and mhtml storyboards are left out. */
const PROTOCOLS: Record<string, Protocol> = {
  http: 'http',
  https: 'http',
  m3u8: 'hls',
  m3u8_native: 'hls',
  http_dash_segments: 'dash',
};

const IMAGE_EXTS = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif']);
const AUDIO_EXTS = new Set(['mp3', 'm4a', 'aac', 'opus', 'ogg', 'oga', 'wav', 'flac', 'weba']);
const HTTP_URL = /^https?:\/\//i;

export function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * 'none' is yt-dlp saying the stream has no such track. An unset codec only means the source did not say
 * (a direct mp4, an HLS variant without CODECS): the track may well be there, so it is 'unknown', not null.
 */
function codec(value: string | null | undefined, track: 'video' | 'audio', ext: string): string | null {
  if (value === 'none') return null;
  if (typeof value === 'string' && value) return value;
  if (IMAGE_EXTS.has(ext)) return null;
  if (track === 'video' && AUDIO_EXTS.has(ext)) return null;
  return 'unknown';
}

function headers(value: YtdlpFormat['http_headers']): Record<string, string> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function resolveFragment(base: string | undefined, url: string | undefined, path: string | undefined): string | null {
  try {
    if (url && HTTP_URL.test(url)) return url;
    if (path && base) {
      const resolved = new URL(path, base).href;
      return HTTP_URL.test(resolved) ? resolved : null;
    }
  } catch {
    // an unparsable base or path: the format is unusable
  }
  return null;
}

/**
 * yt-dlp's MPD parser puts the initialization segment first in `fragments`, as the one entry without a
 * duration; we give it its own field. A fragment we cannot resolve makes the whole format unusable.
 */
function dashFragments(format: YtdlpFormat): Pick<SourceFormat, 'initialization' | 'fragments'> | null {
  const raw = format.fragments ?? [];
  if (raw.length === 0) return null;
  const resolved: Fragment[] = [];
  for (const fragment of raw) {
    const url = resolveFragment(format.fragment_base_url, fragment.url, fragment.path);
    if (!url) return null;
    const duration = positive(fragment.duration);
    resolved.push(duration === undefined ? { url } : { url, duration });
  }
  const [first, ...rest] = resolved;
  if (rest.length > 0 && first.duration === undefined && rest.every((f) => f.duration !== undefined)) {
    return { initialization: first, fragments: rest };
  }
  return { fragments: resolved };
}

export function mapYtdlpFormat(format: YtdlpFormat, index: number): SourceFormat | null {
  const protocol = PROTOCOLS[format.protocol ?? ''];
  const ext = (format.ext ?? '').toLowerCase();
  if (!protocol || format.has_drm || ext === 'mhtml') return null;
  if (!format.url || !HTTP_URL.test(format.url)) return null;
  const dash = protocol === 'dash' ? dashFragments(format) : {};
  if (!dash) return null;
  const source: SourceFormat = {
    id: format.format_id || `ytdlp-${index}`,
    protocol,
    url: format.url,
    vcodec: codec(format.vcodec, 'video', ext),
    acodec: codec(format.acodec, 'audio', ext),
    engine: 'ytdlp',
    ...dash,
  };
  if (ext) source.container = ext;
  if (IMAGE_EXTS.has(ext)) source.isImage = true;
  const numbers = { width: format.width, height: format.height, fps: format.fps, tbr: format.tbr };
  for (const [key, value] of Object.entries(numbers) as [keyof typeof numbers, unknown][]) {
    const n = positive(value);
    if (n !== undefined) source[key] = n;
  }
  const size = positive(format.filesize) ?? positive(format.filesize_approx);
  if (size !== undefined) source.filesize = Math.round(size);
  const httpHeaders = headers(format.http_headers);
  if (httpHeaders) source.httpHeaders = httpHeaders;
  if (format.format_note) source.note = format.format_note;
  return source;
}

export function mapYtdlpFormats(formats: YtdlpFormat[]): SourceFormat[] {
  return formats.flatMap((format, index) => mapYtdlpFormat(format, index) ?? []);
}
