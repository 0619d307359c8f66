import type { MediaKind } from '@/lib/media/types';
import { definePlatform, type Match } from './define-platform';
import { pathSegments } from './url-parts';

const SHORTCODE = /^[A-Za-z0-9_-]{5,60}$/;
const USERNAME = /^[A-Za-z0-9._]{1,30}$/;
const NUMERIC = /^\d{5,25}$/;
const ORIGIN = 'https://www.instagram.com';

// The path word before a shortcode, what it is, and the word the canonical URL uses.
const MEDIA_PATHS = new Map<string, { kind: MediaKind; path: string }>([
  ['p', { kind: 'post', path: 'p' }],
  ['reel', { kind: 'reel', path: 'reel' }],
  ['reels', { kind: 'reel', path: 'reel' }],
  ['tv', { kind: 'video', path: 'tv' }],
]);
// First path segments that are Instagram's own pages, never a username.
const RESERVED = new Set([
  'p', 'reel', 'reels', 'tv', 'stories', 'share', 'explore', 'accounts', 'direct', 'about', 'legal', 'developer',
  'web', 'emails', 'challenge', 'privacy', 'terms', 'session', 'oauth', 'graphql', 'api', 'static', 'nametag',
  'directory', 'your_activity', 'lite', 'create', 'qr', 'topics', 'locations', 'ar', 'igtv', 'press', 'help',
  'invites', 'call', 'threads', 'download', 'fragment', 'data', 'archive', 'saved', 'login', 'signup',
]);
// Profile tabs that still mean "this account".
const PROFILE_TABS = new Set(['reels', 'tagged', 'igtv', 'guides', 'channel', 'featured']);

function media(word: string | undefined, code: string | undefined): Match | null {
  const shape = word ? MEDIA_PATHS.get(word) : undefined;
  if (!shape || !code || !SHORTCODE.test(code)) return null;
  return { kind: shape.kind, id: code, canonicalUrl: `${ORIGIN}/${shape.path}/${code}/` };
}

function story(user: string | undefined, id: string | undefined): Match | null {
  if (!user) return null;
  if (user === 'highlights') {
    return id && NUMERIC.test(id) ? { kind: 'story', id, canonicalUrl: `${ORIGIN}/stories/highlights/${id}/` } : null;
  }
  if (!USERNAME.test(user)) return null;
  const name = user.toLowerCase();
  // Without a story id the link means all of the user's current stories; the user is then the id.
  if (id === undefined) return { kind: 'story', id: name, canonicalUrl: `${ORIGIN}/stories/${name}/` };
  return NUMERIC.test(id) ? { kind: 'story', id, canonicalUrl: `${ORIGIN}/stories/${name}/${id}/` } : null;
}

// /share/… codes are not shortcodes and only resolve over the network, so the share link is kept.
function share(segments: string[]): Match | null {
  const [word, code] = segments.length === 3 ? segments.slice(1) : [undefined, segments[1]];
  if (!code || !SHORTCODE.test(code) || segments.length > 3) return null;
  if (word !== undefined && !MEDIA_PATHS.has(word)) return null;
  const path = word ? `share/${word}` : 'share';
  return { kind: word === 'reel' ? 'reel' : 'post', id: code, canonicalUrl: `${ORIGIN}/${path}/${code}/` };
}

function match(url: URL): Match | null {
  const segments = pathSegments(url);
  const [first, second, third] = segments;
  if (!first) return null;
  if (MEDIA_PATHS.has(first)) return media(first, second);
  if (first === 'stories') return story(second, third);
  if (first === 'share') return share(segments);
  if (RESERVED.has(first.toLowerCase()) || !USERNAME.test(first)) return null;
  if (second && MEDIA_PATHS.has(second) && third) return media(second, third);
  if (second === undefined || PROFILE_TABS.has(second)) {
    const name = first.toLowerCase();
    return { kind: 'channel', id: name, canonicalUrl: `${ORIGIN}/${name}/` };
  }
  return null;
}

export const instagram = definePlatform({
  platform: 'instagram',
  label: 'Instagram',
  slug: 'instagram',
  color: '#E4405F',
  hosts: ['instagram.com', 'www.instagram.com', 'm.instagram.com', 'instagr.am', 'www.instagr.am'],
  match,
});
