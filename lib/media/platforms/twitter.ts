import { definePlatform, type Match } from './define-platform';
import { pathSegments } from './url-parts';

const STATUS_ID = /^\d{1,20}$/;
const BROADCAST_ID = /^[0-9A-Za-z]{13}$/;
const USER = /^[A-Za-z0-9_]{1,15}$/;
const ORIGIN = 'https://x.com';
// fxtwitter, vxtwitter and fixupx mirror x.com paths to make embeds work; the post behind them is the same.
const HOSTS = [
  'x.com', 'www.x.com', 'mobile.x.com', 'twitter.com', 'www.twitter.com', 'mobile.twitter.com', 'm.twitter.com',
  'fxtwitter.com', 'www.fxtwitter.com', 'd.fxtwitter.com', 'vxtwitter.com', 'www.vxtwitter.com', 'd.vxtwitter.com',
  'fixupx.com', 'www.fixupx.com', 'd.fixupx.com', 'fixvx.com', 'www.fixvx.com',
];
// First path segments that are the site's own pages, never a user.
const RESERVED = new Set([
  'i', 'home', 'explore', 'search', 'notifications', 'messages', 'settings', 'login', 'logout', 'signup', 'compose',
  'hashtag', 'intent', 'share', 'tos', 'privacy', 'jobs', 'download', 'account', 'statuses', 'status', 'about',
]);
// Profile tabs that still mean "this account".
const PROFILE_TABS = new Set(['media', 'with_replies', 'highlights', 'articles', 'likes']);

// A status may hold one video, several, pictures, or nothing to download: it is a post until analysis says what it
// holds. /photo/N names one picture of the post, so its canonical URL keeps it; /video/N and anything else is the post.
function status(user: string | null, id: string | undefined, tail: string[]): Match | null {
  if (!id || !STATUS_ID.test(id)) return null;
  const path = user ? `${user}/status/${id}` : `i/status/${id}`;
  const [word, index] = tail;
  if (word === 'photo' && index && /^[1-4]$/.test(index)) {
    return { kind: 'photo', id, canonicalUrl: `${ORIGIN}/${path}/photo/${index}` };
  }
  return { kind: 'post', id, canonicalUrl: `${ORIGIN}/${path}` };
}

function internal(segments: string[]): Match | null {
  const [, second, third, fourth] = segments;
  if (second === 'web' && third === 'status') return status(null, fourth, segments.slice(4));
  if (second === 'status') return status(null, third, segments.slice(3));
  if (second === 'broadcasts' && third && BROADCAST_ID.test(third)) {
    return { kind: 'live', id: third, canonicalUrl: `${ORIGIN}/i/broadcasts/${third}` };
  }
  return null;
}

function match(url: URL): Match | null {
  const segments = pathSegments(url);
  const [first, second, third] = segments;
  if (!first) return null;
  if (first === 'i') return internal(segments);
  if (first === 'statuses') return status(null, second, segments.slice(2));
  if (RESERVED.has(first.toLowerCase()) || !USER.test(first)) return null;
  if (second === 'status' || second === 'statuses') return status(first, third, segments.slice(3));
  if (second === undefined || PROFILE_TABS.has(second)) {
    return { kind: 'channel', id: first, canonicalUrl: `${ORIGIN}/${first}` };
  }
  return null;
}

export const twitter = definePlatform({
  platform: 'twitter',
  label: 'Twitter/X',
  slug: 'twitter',
  color: '#000000',
  hosts: HOSTS,
  match,
});
