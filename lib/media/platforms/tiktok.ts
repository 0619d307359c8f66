import { definePlatform, type Match } from './define-platform';
import { pathSegments } from './url-parts';

const VIDEO_ID = /^\d{8,21}$/;
const SHORT_CODE = /^[A-Za-z0-9]{5,16}$/;
// Usernames are letters, digits, '_' and '.'; profile links may also carry the opaque user id (MS4wLjABAAAA…).
const USER = /^@[\w.-]{1,100}$/;
const ORIGIN = 'https://www.tiktok.com';
const SHORT_LINK_HOSTS = new Set(['vm.tiktok.com', 'vt.tiktok.com']);

// Without a user, '@_' is the placeholder TikTok (and yt-dlp) accept in a video URL.
function video(id: string | undefined, user = '@_'): Match | null {
  return id && VIDEO_ID.test(id) ? { kind: 'video', id, canonicalUrl: `${ORIGIN}/${user}/video/${id}` } : null;
}

// Short links are kept as they are: resolving them to the video needs a network round trip (stage 2 does it).
function shortLink(code: string | undefined, prefix: string): Match | null {
  return code && SHORT_CODE.test(code) ? { kind: 'video', id: code, canonicalUrl: `${prefix}/${code}/` } : null;
}

function profile(user: string, tab: string | undefined, id: string | undefined): Match | null {
  if (!USER.test(user)) return null;
  if (tab === undefined) return { kind: 'channel', id: user, canonicalUrl: `${ORIGIN}/${user}` };
  if (tab === 'live') return { kind: 'live', id: user, canonicalUrl: `${ORIGIN}/${user}/live` };
  if (tab === 'video') return video(id, user);
  if (tab === 'photo' && id && VIDEO_ID.test(id)) {
    return { kind: 'photo', id, canonicalUrl: `${ORIGIN}/${user}/photo/${id}` };
  }
  return null;
}

function match(url: URL): Match | null {
  const [first, second, third] = pathSegments(url);
  if (SHORT_LINK_HOSTS.has(url.hostname)) return second ? null : shortLink(first, `https://${url.hostname}`);
  if (!first) return null;
  if (first === 't') return third ? null : shortLink(second, `${ORIGIN}/t`);
  if (first === 'embed') return video(second === 'v2' ? third : second);
  if (first === 'v') return video(/^(\d+)\.html$/.exec(second ?? '')?.[1]);
  if (first.startsWith('@')) return profile(first, second, third);
  return null;
}

export const tiktok = definePlatform({
  platform: 'tiktok',
  label: 'TikTok',
  slug: 'tiktok',
  color: '#FE2C55',
  hosts: ['tiktok.com', 'www.tiktok.com', 'm.tiktok.com', 'vm.tiktok.com', 'vt.tiktok.com'],
  match,
});
