/**
 * The media engine's contract (the yt-dlp habit: written once, here).
 *
 * recognise (platforms/) → Recognition
 * analyse (extractors/)  → Extraction: what the source offers (SourceFormat[]), server-side only
 * offers (offers.ts)     → Offer[]: what the user may pick; each itag maps to a plan over the sources
 * MediaInfo              → what the API answers, never carries source URLs of streams
 */

import type { MediaKind, Platform } from './schemas';

// What the API shows is written as zod schemas (schemas.ts), the one source of those shapes.
export { MEDIA_KINDS, PLATFORMS } from './schemas';
export type { Format, MediaInfo, MediaKind, Platform } from './schemas';

export interface Recognition {
  platform: Platform;
  kind: MediaKind;
  /** The platform's own id for the thing (video id, post shortcode, handle…); null when the URL has none. */
  id: string | null;
  /** The URL with tracking parameters dropped, scheme and host normalised. */
  canonicalUrl: string;
}

export type Protocol = 'http' | 'hls' | 'dash';

export interface ByteRange {
  start: number;
  /** inclusive */
  end: number;
}

export interface Fragment {
  url: string;
  range?: ByteRange;
  /** seconds */
  duration?: number;
}

/** One stream the source offers, as an extractor found it. */
export interface SourceFormat {
  /** Stable within one extraction (e.g. "hls-720p", "dash-v1", "http-0"). */
  id: string;
  protocol: Protocol;
  /** http: the file. hls: the media playlist. dash: the MPD (fragments below are already resolved). */
  url: string;
  /** Container of what we will receive: mp4, webm, mp3, m4a, ogg, ts, jpg, png, webp, gif… */
  container?: string;
  mimeType?: string;
  /** Codec strings as found (avc1.64001f, mp4a.40.2, vp9, opus…); null means the stream has none. */
  vcodec: string | null;
  acodec: string | null;
  width?: number;
  height?: number;
  fps?: number;
  /** kbit/s */
  tbr?: number;
  /** bytes, exact when the source said so */
  filesize?: number;
  /** seconds */
  duration?: number;
  isImage?: boolean;
  /** HLS AES-128 (whole segments) or SAMPLE-AES (packed AAC frames): the segments must be decrypted. */
  encryption?: { method: 'AES-128' | 'SAMPLE-AES'; keyUrl: string; iv?: string };
  /** DASH / HLS fragments when already resolved at analysis time. */
  initialization?: Fragment;
  fragments?: Fragment[];
  /**
   * DASH with several periods: each period's own init segment and fragments, stitched on one timeline at
   * download (`fragments` then lists them all, for counting). Absent for a single period.
   */
  periods?: { initialization?: Fragment; fragments: Fragment[] }[];
  /** Headers the origin needs (referer, user agent, cookies yt-dlp resolved). */
  httpHeaders?: Record<string, string>;
  /** Below 0: an alternate track (commentary, dub, non-default rendition), offered only after the default. */
  preference?: number;
  /** Audio channels when the source says (6 for 5.1). */
  audioChannels?: number;
  /** Human note from the source (e.g. "DASH video", "hd"). */
  note?: string;
  /** Which engine found it. */
  engine: 'native' | 'ytdlp';
}

/** One piece of media inside a post (a carousel slide, a slideshow photo, one video of several). */
export interface ExtractedItem {
  id: string;
  title: string;
  thumbnail?: string;
  duration?: number;
  sources: SourceFormat[];
  /** A photo slideshow offered as one video: its pictures in order, its sound, and each picture's seconds if known. */
  slideshow?: SlideshowSources;
}

export interface SlideshowSources {
  pictures: SourceFormat[];
  sound: SourceFormat;
  /** The platform's seconds per picture, when it gives them; else the sound is shared out evenly. */
  seconds?: (number | undefined)[];
}

/** What an extractor returns. */
export interface Extraction {
  id: string;
  url: string;
  title: string;
  description?: string;
  thumbnail?: string;
  platform: Platform;
  kind: MediaKind;
  /** seconds */
  duration?: number;
  uploader?: string;
  /** The day it was published, YYYY-MM-DD, when the source says. */
  uploadDate?: string;
  isLive?: boolean;
  /** The streams of a single-item media. */
  sources: SourceFormat[];
  /** Several media in one post; when present, `sources` belong to the first item. */
  items?: ExtractedItem[];
  /** Playlist / channel entries (URLs to analyse one by one, e.g. for bulk). */
  entries?: { url: string; title?: string; id?: string; thumbnail?: string }[];
  engine: 'native' | 'ytdlp';
}

