import 'server-only';

import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';

import { userCookiesEnabled } from './for-request';
import type { UserCookiePlatform } from './platforms';
import type { CookieSummary } from './schemas';
import { listUserCookies, removeUserCookies, saveUserCookies } from './store';

/** With USER_COOKIES=off the settings API does not exist: 404 on every call, before anything is read. */
function assertEnabled(): void {
  if (!userCookiesEnabled()) throw new AppError('not_found', 'Not found');
}

export async function cookieSummaries(db: () => Promise<Db>, userId: string): Promise<CookieSummary[]> {
  assertEnabled();
  return listUserCookies(await db(), userId);
}

export async function addCookies(db: () => Promise<Db>, userId: string, platform: UserCookiePlatform, text: string): Promise<CookieSummary> {
  assertEnabled();
  return saveUserCookies(await db(), userId, platform, text);
}

export async function deleteCookies(db: () => Promise<Db>, userId: string, platform: UserCookiePlatform): Promise<null> {
  assertEnabled();
  if (!(await removeUserCookies(await db(), userId, platform))) throw new AppError('not_found', 'No cookies stored for this platform');
  return null;
}
