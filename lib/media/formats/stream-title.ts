import { fileNameOf } from './url';

/**
 * File names that say nothing about the media: the names packagers and players give every stream ("master.m3u8",
 * "manifest.mpd", "index.m3u8", "chunklist_w123.m3u8"). A title made of one of them is replaced by the host and
 * path in words.
 */
const GENERIC = /^(master|manifest|index|playlist|main|stream|chunklist|prog_index|default|output|out|live|hls|dash|mpd|m3u8|(chunklist|media|index|playlist|master|manifest)[_-][\w-]*)$/i;
/** Names that are ids rather than words: long hex or base64-like tokens, numbers, resolutions, versions. */
const ID = /^(?:[0-9a-f]{8,}|[0-9a-f-]{20,}|\d+|\d{3,4}p|v\d+|[A-Za-z0-9_-]{24,})$/i;
/** Path segments that say nothing about the media: ids, and the folders streaming servers put every stream in. */
const FOLDER = /^(?:hls|dash|cmaf|vod|live|media|streams?|videos?|content)$/i;
const noise = (segment: string) => ID.test(segment) || FOLDER.test(segment);

const words = (segment: string) => segment.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[-_+.]+/g, ' ').replace(/\s+/g, ' ').trim();

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A title for a link that names no media title of its own: its file name when that says something
 * ("holiday-2024.mp4" → "holiday-2024"), else the meaningful words of its path and its host
 * ("https://cdn.example.com/shows/night-walk/master.m3u8" → "shows night walk — cdn.example.com"), else its whole
 * path in words ("/hls/master.m3u8" → "hls master — cdn.example.com"), else the host.
 */
export function titleFromUrl(url: string): string {
  const name = fileNameOf(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return name;
  }
  const host = parsed.hostname.replace(/^www\./, '');
  if (name && name !== parsed.hostname && !GENERIC.test(name) && !ID.test(name)) return name;
  const segments = parsed.pathname.split('/').filter(Boolean).map(decodeSegment);
  const said = (list: string[]) => list.map(words).filter(Boolean).slice(-3).join(' ');
  // The folders' own words first ("shows night walk"); a path of stock names only is still said in full
  // ("hls master"), so two streams of one host never share a title.
  const path = said(segments.slice(0, -1).filter((segment) => !noise(segment) && !GENERIC.test(segment.replace(/\.[a-z0-9]{1,5}$/i, ''))))
    || said(segments.filter((segment) => !ID.test(segment.replace(/\.[a-z0-9]{1,5}$/i, ''))));
  return path ? `${path} — ${host}` : host;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The title a manifest states for itself, if any: HLS's `#EXT-X-SESSION-DATA` with DATA-ID "com.apple.hls.title",
 * DASH's `<ProgramInformation><Title>`. Trimmed, at most 200 characters; undefined when absent or empty.
 */
export function manifestTitle(kind: 'hls' | 'dash', text: string): string | undefined {
  let title: string | undefined;
  if (kind === 'hls') {
    for (const line of text.split(/\r?\n/)) {
      if (!line.startsWith('#EXT-X-SESSION-DATA:') || !/DATA-ID="com\.apple\.hls\.title"/.test(line)) continue;
      title = /VALUE="([^"]*)"/.exec(line)?.[1];
      if (title) break;
    }
  } else {
    const info = /<ProgramInformation\b[^>]*>([\s\S]*?)<\/ProgramInformation>/i.exec(text)?.[1];
    title = info ? /<Title\b[^>]*>([\s\S]*?)<\/Title>/i.exec(info)?.[1] : undefined;
    title = title?.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1').replace(/&(amp|lt|gt|quot|apos);/g, (_, entity: string) => XML_ENTITIES[entity]);
  }
  const clean = title?.replace(/\s+/g, ' ').trim().slice(0, 200);
  return clean || undefined;
}
