import { pathSegments } from './url-parts';

/**
 * Hosts whose links only redirect to the media they stand for: TikTok's vm./vt. links, Facebook's fb.watch, X's
 * t.co, Pinterest's pin.it and SoundCloud's on.soundcloud.com. Their ids are the shortener's, not the platform's.
 */
export const SHORT_LINK_HOSTS: ReadonlySet<string> = new Set([
  'vm.tiktok.com', 'vt.tiktok.com', 'fb.watch', 'www.fb.watch', 't.co', 'pin.it', 'on.soundcloud.com',
]);

const TIKTOK_HOSTS = new Set(['tiktok.com', 'www.tiktok.com', 'm.tiktok.com']);

/** Whether a link is a short link: a shortener's host with a code, or TikTok's /t/<code> form. */
export function isShortLink(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const [first, second] = pathSegments(url);
  if (SHORT_LINK_HOSTS.has(host)) return first !== undefined;
  return TIKTOK_HOSTS.has(host) && first === 't' && second !== undefined;
}
