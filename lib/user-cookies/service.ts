import 'server-only';

import { getDb } from '@/lib/db';
import { AppError } from '@/lib/errors';

import { userCookiesEnabled } from './for-request';
import type { UserCookiePlatform } from './platforms';
import type { CookieSummary } from './schemas';
import { listUserCookies, removeUserCookies, saveUserCookies } from './store';

/** With USER_COOKIES=off the settings API does not exist: 404 on every call, before anything is read. */
function assertEnabled(): void {
  if (!userCookiesEnabled()) throw new AppError('not_found', 'Not found');
}

export async function cookieSummaries(userId: string): Promise<CookieSummary[]> {
  assertEnabled();
  return listUserCookies(await getDb(), userId);
}

export async function addCookies(userId: string, platform: UserCookiePlatform, text: string): Promise<CookieSummary> {
  assertEnabled();
  return saveUserCookies(await getDb(), userId, platform, text);
}

export async function deleteCookies(userId: string, platform: UserCookiePlatform): Promise<null> {
  assertEnabled();
  if (!(await removeUserCookies(await getDb(), userId, platform))) throw new AppError('not_found', 'No cookies stored for this platform');
  return null;
}
