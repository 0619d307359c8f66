import type { MediaKind } from '@/lib/media/types';
import { definePlatform, type Match } from './define-platform';
import { innerUrl, pathSegments } from './url-parts';

const NUMERIC = /^\d{5,25}$/;
// Posts are numeric or, since 2022, an opaque 'pfbid0…' id.
const POST_ID = /^(?:\d{5,25}|pfbid0[A-Za-z0-9]{20,80})$/;
const CODE = /^[A-Za-z0-9_-]{5,32}$/;
const PAGE = /^[\w.-]{1,100}$/;
const ORIGIN = 'https://www.facebook.com';
const HOSTS = [
  'facebook.com', 'www.facebook.com', 'm.facebook.com', 'mbasic.facebook.com', 'web.facebook.com',
  'business.facebook.com', 'touch.facebook.com', 'mobile.facebook.com', 'fb.com', 'www.fb.com', 'fb.watch',
  'www.fb.watch',
];
// Share links keep their code: which video or post they name is only known after a network round trip.
const SHARE_KINDS = new Map<string | undefined, { kind: MediaKind; path: string }>([
  ['v', { kind: 'video', path: 'share/v' }],
  ['r', { kind: 'reel', path: 'share/r' }],
  ['p', { kind: 'post', path: 'share/p' }],
  [undefined, { kind: 'post', path: 'share' }],
]);

function video(id: string | null | undefined, kind: MediaKind = 'video'): Match | null {
  if (!id || !NUMERIC.test(id)) return null;
  const watch = kind === 'live' ? 'watch/live' : 'watch';
  return { kind, id, canonicalUrl: `${ORIGIN}/${watch}/?v=${id}` };
}

function photo(id: string | null | undefined): Match | null {
  return id && NUMERIC.test(id) ? { kind: 'photo', id, canonicalUrl: `${ORIGIN}/photo/?fbid=${id}` } : null;
}

function post(id: string | null | undefined, path: string): Match | null {
  return id && POST_ID.test(id) ? { kind: 'post', id, canonicalUrl: `${ORIGIN}/${path}/${id}/` } : null;
}

function reel(id: string | undefined): Match | null {
  return id && NUMERIC.test(id) ? { kind: 'reel', id, canonicalUrl: `${ORIGIN}/reel/${id}/` } : null;
}

// fb.watch codes are short links too: kept as they are.
function fbWatch(code: string | undefined): Match | null {
  return code && CODE.test(code) ? { kind: 'video', id: code, canonicalUrl: `https://fb.watch/${code}/` } : null;
}

function share(segments: string[]): Match | null {
  const [word, code] = segments.length === 3 ? segments.slice(1) : [undefined, segments[1]];
  const shape = SHARE_KINDS.get(word);
  if (!shape || !code || !CODE.test(code) || segments.length > 3) return null;
  return { kind: shape.kind, id: code, canonicalUrl: `${ORIGIN}/${shape.path}/${code}/` };
}

function permalink(url: URL): Match | null {
  const story = url.searchParams.get('story_fbid');
  const owner = url.searchParams.get('id');
  if (!story || !POST_ID.test(story) || (owner !== null && !NUMERIC.test(owner))) return null;
  const query = owner ? `story_fbid=${story}&id=${owner}` : `story_fbid=${story}`;
  return { kind: 'post', id: story, canonicalUrl: `${ORIGIN}/permalink.php?${query}` };
}

// Embeds carry the real URL in href; it counts only when it is itself a Facebook URL.
function plugin(url: URL): Match | null {
  const inner = innerUrl(url.searchParams.get('href'));
  if (!inner || !HOSTS.includes(inner.hostname) || pathSegments(inner)[0] === 'plugins') return null;
  return match(inner);
}

// /{page}/videos/{slug?}/ID, /{page}/photos/a.{album}/ID: the id is the last numeric segment.
function lastNumeric(segments: string[]): string | undefined {
  return segments.filter((segment) => NUMERIC.test(segment)).at(-1);
}

function pagePath(segments: string[]): Match | null {
  const [page, section, id] = segments;
  if (!PAGE.test(page)) return null;
  if (section === 'videos') return video(lastNumeric(segments.slice(2)));
  if (section === 'photos') return photo(lastNumeric(segments.slice(2)));
  if (section === 'posts') return post(id, `${page}/posts`);
  return null;
}

function match(url: URL): Match | null {
  const segments = pathSegments(url);
  const [first, second, third, fourth] = segments;
  const param = (name: string) => url.searchParams.get(name);
  if (url.hostname.endsWith('fb.watch')) return second ? null : fbWatch(first);
  switch (first) {
    case undefined:
      return null;
    case 'watch':
      return second === 'live' ? video(param('v'), 'live') : second ? null : video(param('v'));
    case 'video.php':
      return video(param('v'));
    case 'video':
      return second === 'video.php' ? video(param('v')) : second === 'embed' ? video(param('video_id')) : null;
    case 'reel':
      return reel(second);
    case 'share':
      return share(segments);
    case 'photo':
    case 'photo.php':
      return photo(param('fbid'));
    case 'permalink.php':
    case 'story.php':
      return permalink(url);
    case 'groups':
      return second && PAGE.test(second) && (third === 'permalink' || third === 'posts')
        ? post(fourth, `groups/${second}/permalink`)
        : null;
    case 'plugins':
      return second === 'video.php' || second === 'post.php' ? plugin(url) : null;
    default:
      return pagePath(segments);
  }
}

export const facebook = definePlatform({
  platform: 'facebook',
  label: 'Facebook',
  slug: 'facebook',
  color: '#1877F2',
  hosts: HOSTS,
  match,
});
