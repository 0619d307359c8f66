import type { MediaKind } from '@/lib/media/types';
import { definePlatform, type Match } from './define-platform';
import { decodeSegment, innerUrl, pathSegments } from './url-parts';

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
// yt-dlp's _PLAYLIST_ID_RE: the list prefixes YouTube uses, plus the private lists (watch later, likes, mix).
const PLAYLIST_ID = /^(?:(?:PL|LL|EC|UU|FL|RD|UL|TL|PU|OLAK5uy_)[0-9A-Za-z_-]{10,}|RDMM|WL|LL|LM)$/;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
// Handles may be non-Latin since 2022; 3–30 characters of letters, digits, '_', '-', '.', '·'.
const HANDLE = /^@[\p{L}\p{N}_.·-]{3,30}$/u;
const LEGACY_NAME = /^[\p{L}\p{N}_.-]{1,100}$/u;
// Channel tabs that list different media; other tabs (featured, community, about…) are the channel itself.
const MEDIA_TABS = new Set(['videos', 'shorts', 'streams', 'playlists', 'podcasts', 'releases']);

const ORIGIN = 'https://www.youtube.com';
const HOSTS = [
  'youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'gaming.youtube.com', 'youtu.be',
  'www.youtu.be', 'youtube-nocookie.com', 'www.youtube-nocookie.com',
] as const;

// Shorts and lives keep their own path so the canonical URL still says what kind of video it is.
const VIDEO_PATHS: Partial<Record<MediaKind, string>> = { short: '/shorts/', live: '/live/' };

function video(id: string | null, kind: MediaKind = 'video'): Match | null {
  if (!id || !VIDEO_ID.test(id)) return null;
  return { kind, id, canonicalUrl: `${ORIGIN}${VIDEO_PATHS[kind] ?? '/watch?v='}${id}` };
}

function playlist(id: string | null): Match | null {
  if (!id || !PLAYLIST_ID.test(id)) return null;
  return { kind: 'playlist', id, canonicalUrl: `${ORIGIN}/playlist?list=${id}` };
}

function channel(id: string, path: string, tab: string | undefined): Match {
  if (tab === 'live') return { kind: 'live', id, canonicalUrl: `${ORIGIN}${path}/live` };
  const suffix = tab && MEDIA_TABS.has(tab) ? `/${tab}` : '';
  return { kind: 'channel', id, canonicalUrl: `${ORIGIN}${path}${suffix}` };
}

function match(url: URL): Match | null {
  const [first, second, third] = pathSegments(url);
  const param = (name: string) => url.searchParams.get(name);
  if (url.hostname.endsWith('youtu.be')) return second ? null : video(first);
  switch (first) {
    case 'watch':
      return video(param('v')) ?? (param('v') ? null : playlist(param('list')));
    case 'shorts':
      return video(second, 'short');
    case 'live':
      return video(second, 'live');
    case 'embed':
      if (second === 'videoseries') return playlist(param('list'));
      if (second === 'live_stream') return liveStream(param('channel'));
      return video(second);
    case 'v':
    case 'e':
      return video(second);
    case 'playlist':
      return playlist(param('list'));
    case 'channel':
      return second && CHANNEL_ID.test(second) ? channel(second, `/channel/${second}`, third) : null;
    case 'c':
    case 'user':
      return second && LEGACY_NAME.test(decodeSegment(second))
        ? channel(decodeSegment(second), `/${first}/${second}`, third)
        : null;
    case 'attribution_link':
      return attributed(param('u'));
    default:
      return handle(url);
  }
}

function liveStream(channelId: string | null): Match | null {
  return channelId && CHANNEL_ID.test(channelId) ? channel(channelId, `/channel/${channelId}`, 'live') : null;
}

// attribution_link?u=/watch%3Fv%3DID… carries a path on youtube.com; anything pointing elsewhere is refused.
function attributed(target: string | null): Match | null {
  const inner = innerUrl(target, ORIGIN);
  return inner && inner.origin === ORIGIN && pathSegments(inner)[0] !== 'attribution_link' ? match(inner) : null;
}

function handle(url: URL): Match | null {
  const [first, second] = pathSegments(url);
  const name = first ? decodeSegment(first) : '';
  return HANDLE.test(name) ? channel(name, `/${first}`, second) : null;
}

export const youtube = definePlatform({
  platform: 'youtube',
  label: 'YouTube',
  slug: 'youtube',
  color: '#FF0000',
  hosts: HOSTS,
  match,
});
