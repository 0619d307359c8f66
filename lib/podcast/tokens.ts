import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A feed's secret: 256 random bits, URL-safe, prefixed so it is never mistaken for an API token. */
export const newFeedToken = (): string => `pf_${randomBytes(32).toString('base64url')}`;

/** What the store keeps of a feed token: its SHA-256, hex. */
export const hashFeedToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whether `token` is the one `hash` was made of, compared in constant time. */
export function feedTokenMatches(hash: string | null | undefined, token: string): boolean {
  if (!hash || !/^pf_[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const want = Buffer.from(hash, 'hex');
  const got = createHash('sha256').update(token).digest();
  return want.length === got.length && timingSafeEqual(want, got);
}
