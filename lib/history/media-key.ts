import 'server-only';
import { serverSignature } from '@/lib/http/server-secret';
import { recogniseUrl } from '@/lib/media/platforms';
import type { Recognition } from '@/lib/media/types';

const PURPOSE = 'history-media';

/**
 * What "the same media" means for "already downloaded": a named platform's media is its platform and id, so every
 * link to it matches; a page or file elsewhere has no id of its own and is its canonical link (tracking dropped).
 */
function subjectOf(recognition: Pick<Recognition, 'platform' | 'id' | 'canonicalUrl'>): string {
  return recognition.platform !== 'generic' && recognition.id
    ? `${recognition.platform}:${recognition.id}`
    : `url:${recognition.canonicalUrl}`;
}

/**
 * An HMAC-SHA256 of the media under the server's secret, with the user's id inside the signed value: the same media
 * gives each user a different key, so keys say nothing across users, and the stored key never yields the link.
 */
export function mediaKeyFor(userId: string, recognition: Pick<Recognition, 'platform' | 'id' | 'canonicalUrl'>): string {
  return serverSignature(PURPOSE, `${userId}\n${subjectOf(recognition)}`);
}

/** The key of a link for this user, or null when the link is not one we recognise. */
export function mediaKeyForUrl(userId: string, url: string): string | null {
  try {
    return mediaKeyFor(userId, recogniseUrl(url));
  } catch {
    return null;
  }
}
