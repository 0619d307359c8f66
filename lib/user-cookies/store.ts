import 'server-only';

import type { Db } from '@/lib/db/driver';
import { now as clock } from '@/lib/db/time';

import { openCookies, sealCookies } from './crypto';
import { parseCookieFile } from './parse';
import type { UserCookiePlatform } from './platforms';
import type { CookieSummary } from './schemas';

interface Row {
  platform: UserCookiePlatform;
  ciphertext: string;
  iv: string;
  tag: string;
  added_at: number | string;
  cookie_count: number | string;
  earliest_expiry: number | string | null;
}

function summary(row: Row): CookieSummary {
  return {
    platform: row.platform,
    addedAt: new Date(Number(row.added_at)).toISOString(),
    count: Number(row.cookie_count),
    earliestExpiry: row.earliest_expiry === null ? null : new Date(Number(row.earliest_expiry)).toISOString(),
  };
}

/** Checks and trims the file, seals it, and replaces whatever the user had for that platform. */
export async function saveUserCookies(db: Db, userId: string, platform: UserCookiePlatform, raw: string, at = clock()): Promise<CookieSummary> {
  const parsed = parseCookieFile(raw, platform, at);
  const sealed = sealCookies(parsed.text, userId, platform);
  const row: Row = {
    platform, ...sealed, added_at: at, cookie_count: parsed.count, earliest_expiry: parsed.earliestExpiry,
  };
  await db.run(
    `INSERT INTO user_cookies (user_id, platform, ciphertext, iv, tag, added_at, cookie_count, earliest_expiry)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, platform) DO UPDATE SET ciphertext = excluded.ciphertext, iv = excluded.iv, tag = excluded.tag,
       added_at = excluded.added_at, cookie_count = excluded.cookie_count, earliest_expiry = excluded.earliest_expiry`,
    [userId, platform, row.ciphertext, row.iv, row.tag, at, parsed.count, parsed.earliestExpiry],
  );
  return summary(row);
}

export async function listUserCookies(db: Db, userId: string): Promise<CookieSummary[]> {
  const rows = await db.query<Row>(
    'SELECT platform, ciphertext, iv, tag, added_at, cookie_count, earliest_expiry FROM user_cookies WHERE user_id = ? ORDER BY platform',
    [userId],
  );
  return rows.map(summary);
}

/** True when there was something to remove. */
export async function removeUserCookies(db: Db, userId: string, platform: UserCookiePlatform): Promise<boolean> {
  return (await db.run('DELETE FROM user_cookies WHERE user_id = ? AND platform = ?', [userId, platform])).changes > 0;
}

/** The user's cookie file for the platform, opened, with when it was added (it names the version); undefined without one. */
export async function loadUserCookies(
  db: Db, userId: string, platform: UserCookiePlatform,
): Promise<{ text: string; addedAt: number } | undefined> {
  const row = await db.get<Row>(
    'SELECT platform, ciphertext, iv, tag, added_at, cookie_count, earliest_expiry FROM user_cookies WHERE user_id = ? AND platform = ?',
    [userId, platform],
  );
  if (!row) return undefined;
  return { text: openCookies(row, userId, platform), addedAt: Number(row.added_at) };
}
