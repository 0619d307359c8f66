import { z } from 'zod';

import { MAX_COOKIE_FILE_BYTES } from './parse';
import { USER_COOKIE_PLATFORMS, type UserCookiePlatform } from './platforms';

export const userCookiePlatformSchema = z.enum(USER_COOKIE_PLATFORMS as [UserCookiePlatform, ...UserCookiePlatform[]]);

/** What the settings show of one platform's stored cookies: never a cookie. */
export const cookieSummarySchema = z.object({
  platform: userCookiePlatformSchema,
  /** ISO 8601. */
  addedAt: z.string(),
  count: z.number().int().min(1),
  /** ISO 8601 of the first kept cookie to expire; null when every one lasts the browser session. */
  earliestExpiry: z.string().nullable(),
});

export const cookieSummaryListSchema = z.array(cookieSummarySchema);

/** A cookies.txt as the browser read it (an uploaded file's text, or pasted). */
export const addCookiesSchema = z.object({
  // Room for a file at the limit and its JSON escapes; the exact byte limit is the parser's (cookies_too_large).
  text: z.string().min(1).max(MAX_COOKIE_FILE_BYTES * 2),
});

export const cookiePlatformParamsSchema = z.object({ platform: userCookiePlatformSchema });

export type CookieSummary = z.infer<typeof cookieSummarySchema>;
export type AddCookies = z.infer<typeof addCookiesSchema>;
