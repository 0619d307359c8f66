import type { MediaKind, Platform, Recognition } from '@/lib/media/types';

/**
 * One row of a platform's URL table (the yt-dlp habit: patterns and their cases stand together).
 * null: not a URL at all (throws invalid_url); 'unsupported_url': the platform's host, but no media shape.
 */
export interface UrlCase {
  url: string;
  expect: Recognition | null | 'unsupported_url';
}

/** Shorthand for the tables: `const yt = recognitionOf('youtube'); yt('video', id, url)`. */
export function recognitionOf(platform: Platform) {
  return (kind: MediaKind, id: string | null, canonicalUrl: string): Recognition => ({
    platform,
    kind,
    id,
    canonicalUrl,
  });
}

/** A short link's recognition: the same, marked as needing its redirects followed before analysis. */
export const shortLink = (recognition: Recognition): Recognition => ({ ...recognition, needsResolving: true });
