import 'server-only';

import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { serverSignature } from '@/lib/http/server-secret';
import type { AnalyzeOptions } from '@/lib/media/analyze';
import { recogniseUrl } from '@/lib/media/platforms';

import { isUserCookiePlatform } from './platforms';
import { loadUserCookies } from './store';

/** Whether the operator left the feature on (USER_COOKIES): off, nothing stored is read and the API is gone. */
export const userCookiesEnabled = (): boolean => config().env.USER_COOKIES;

/**
 * What an analysis made for `userId` of `url` carries: that user's own cookies for the link's platform, and the
 * opaque scope its result is cached under (a keyed hash of the user, platform and cookie version, so a new file
 * starts a new cache and nobody can compute another user's). Nothing for anonymous callers, for links of other
 * platforms or sites, for users without cookies of that platform, or when USER_COOKIES is off: the operator's
 * cookies then apply as before.
 */
export async function userCookieOptions(
  db: () => Promise<Db>, userId: string | null | undefined, url: string,
): Promise<Pick<AnalyzeOptions, 'cookies'>> {
  if (!userId || !userCookiesEnabled()) return {};
  let platform: string;
  try {
    platform = recogniseUrl(url).platform;
  } catch {
    return {}; // a bad link gets its own error from the analysis
  }
  if (!isUserCookiePlatform(platform)) return {};
  const stored = await loadUserCookies(await db(), userId, platform);
  if (!stored) return {};
  const scope = serverSignature('user-cookies-scope', `${userId}\n${platform}\n${stored.addedAt}`).slice(0, 24);
  return { cookies: { text: stored.text, scope } };
}
