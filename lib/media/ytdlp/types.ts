/**
 * The slice of yt-dlp's info dict we read (yt_dlp/extractor/common.py documents the whole of it).
 * Everything is optional: extractors fill what their site offers, and older yt-dlp versions omit fields.
 */

export interface YtdlpFragment {
  url?: string;
  path?: string;
  duration?: number;
  filesize?: number;
}

export interface YtdlpThumbnail {
  url?: string;
  width?: number;
  height?: number;
  preference?: number;
  id?: string;
}

export interface YtdlpFormat {
  format_id?: string;
  format_note?: string;
  url?: string;
  manifest_url?: string;
  protocol?: string;
  ext?: string;
  vcodec?: string | null;
  acodec?: string | null;
  width?: number | null;
  height?: number | null;
  fps?: number | null;
  tbr?: number | null;
  filesize?: number | null;
  filesize_approx?: number | null;
  has_drm?: boolean | null;
  http_headers?: Record<string, string>;
  fragment_base_url?: string;
  fragments?: YtdlpFragment[];
}

export interface YtdlpInfo extends YtdlpFormat {
  _type?: 'video' | 'playlist' | 'multi_video' | 'url' | 'url_transparent';
  id?: string;
  title?: string;
  description?: string | null;
  chapters?: { start_time?: number | null; end_time?: number | null; title?: string | null }[] | null;
  thumbnail?: string | null;
  thumbnails?: YtdlpThumbnail[];
  duration?: number | null;
  uploader?: string | null;
  /** YYYYMMDD */
  upload_date?: string | null;
  release_date?: string | null;
  channel?: string | null;
  creator?: string | null;
  channel_id?: string | null;
  uploader_id?: string | null;
  is_live?: boolean | null;
  live_status?: string | null;
  webpage_url?: string;
  original_url?: string;
  extractor_key?: string;
  ie_key?: string;
  formats?: YtdlpFormat[];
  entries?: YtdlpInfo[];
  /** Added by our worker: a TikTok photo slideshow's pictures, in order (yt-dlp's parser offers only its music). */
  grabline_slides?: YtdlpThumbnail[];
  [key: string]: unknown;
}
