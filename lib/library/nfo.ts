import { platformLabel } from '@/lib/platform-labels';

/**
 * Kodi's NFO files (read by Kodi, Jellyfin, Emby and Plex's XBMCnfo agents): `tvshow.nfo` for a creator's folder
 * and `<episodedetails>` beside each file, with the element names of Kodi's documented format. Pure.
 */

// XML 1.0 allows tab, line feed, carriage return and characters from U+0020, except lone surrogates, U+FFFE, U+FFFF.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text safe as XML element content or attribute value. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

type Element = [name: string, value: string | number | null | undefined, attributes?: Record<string, string>];

function render(root: string, elements: readonly Element[]): string {
  const lines = [HEADER, `<${root}>`];
  for (const [name, value, attributes] of elements) {
    if (value === null || value === undefined || value === '') continue;
    const attrs = Object.entries(attributes ?? {}).map(([key, attr]) => ` ${key}="${xmlText(attr)}"`).join('');
    lines.push(`  <${name}${attrs}>${xmlText(String(value))}</${name}>`);
  }
  lines.push(`</${root}>`, '');
  return lines.join('\n');
}

/** A platform's name as a studio ("youtube" → "YouTube"). */
export function studioName(platform: string): string {
  return platformLabel(platform) ?? platform.charAt(0).toUpperCase() + platform.slice(1);
}

export interface ShowInfo {
  title: string;
  platform: string;
  /** The platform's id of the channel, when known. */
  channelId?: string | null;
  plot?: string | null;
  /** The poster's file name in the show's folder. */
  poster?: string | null;
}

/** `tvshow.nfo` of a creator's folder. */
export function tvshowNfo(show: ShowInfo): string {
  return render('tvshow', [
    ['title', show.title],
    ['plot', show.plot],
    ['studio', studioName(show.platform)],
    ['uniqueid', show.channelId, { type: show.platform, default: 'true' }],
    ['thumb', show.poster, { aspect: 'poster' }],
  ]);
}

export interface EpisodeInfo {
  title: string;
  showTitle: string;
  plot?: string | null;
  /** YYYY-MM-DD */
  aired?: string | null;
  platform: string;
  mediaId: string;
  season: number;
  episode: number;
  durationSeconds?: number | null;
  /** The thumbnail's file name beside the episode. */
  thumb?: string | null;
}

/** The `<episodedetails>` NFO beside one file. */
export function episodeNfo(episode: EpisodeInfo): string {
  const minutes = episode.durationSeconds ? Math.max(1, Math.round(episode.durationSeconds / 60)) : null;
  return render('episodedetails', [
    ['title', episode.title],
    ['showtitle', episode.showTitle],
    ['season', episode.season],
    ['episode', episode.episode],
    ['plot', episode.plot],
    ['aired', episode.aired],
    ['premiered', episode.aired],
    ['studio', studioName(episode.platform)],
    ['runtime', minutes],
    ['uniqueid', episode.mediaId, { type: episode.platform, default: 'true' }],
    ['thumb', episode.thumb],
  ]);
}
