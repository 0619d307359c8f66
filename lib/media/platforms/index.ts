import type { Recognition } from '@/lib/media/types';
import { facebook } from './facebook';
import { generic } from './generic';
import { instagram } from './instagram';
import { parseUserUrl } from './parse-url';
import { isShortLink } from './short-links';
import { tiktok } from './tiktok';
import { twitter } from './twitter';
import { youtube } from './youtube';

export type { PlatformDefinition } from './define-platform';
export { generic as GENERIC_DEFINITION } from './generic';
export { isShortLink, SHORT_LINK_HOSTS } from './short-links';

/** The platforms we name, in the order the UI shows them; the same table drives recognition and landing pages. */
export const PLATFORM_DEFINITIONS = [youtube, tiktok, instagram, facebook, twitter] as const;

/**
 * Stage 1 of the engine: a pasted link → which platform, what kind of thing, its id and a canonical URL.
 * No network. Throws AppError 'invalid_url' for anything that is not an http(s) URL, and 'unsupported_url' for a
 * platform's own pages that hold no media (youtube.com/feed, x.com/settings…). Everything else is generic.
 * A short link is marked `needsResolving`: only following its redirects tells which media it is.
 */
export function recogniseUrl(input: string): Recognition {
  const url = parseUserUrl(input);
  const recognition = PLATFORM_DEFINITIONS.reduce<Recognition | null>((found, definition) => found ?? definition.recognise(url), null)
    ?? generic.recognise(url);
  return isShortLink(url) ? { ...recognition, needsResolving: true } : recognition;
}
