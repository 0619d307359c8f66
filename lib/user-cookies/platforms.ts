// Zod-free: the settings page's browser code reads the platforms and their domains without the validator.
import type { NamedPlatform } from '@/lib/platforms';

/**
 * The platforms a user may add cookies for (the engine's platform ids; `twitter` is X), and the domains each
 * one's cookies are kept for: every other cookie in an uploaded file is dropped. YouTube's sign-in lives on
 * google.com as well, which yt-dlp sends along with youtube.com's.
 */
export const USER_COOKIE_DOMAINS = {
  youtube: ['youtube.com', 'google.com'],
  tiktok: ['tiktok.com'],
  instagram: ['instagram.com'],
  facebook: ['facebook.com'],
  twitter: ['x.com', 'twitter.com'],
} as const satisfies Record<NamedPlatform, readonly string[]>;

export const USER_COOKIE_PLATFORMS = Object.keys(USER_COOKIE_DOMAINS) as (keyof typeof USER_COOKIE_DOMAINS)[];

export type UserCookiePlatform = keyof typeof USER_COOKIE_DOMAINS;

export function isUserCookiePlatform(platform: string): platform is UserCookiePlatform {
  return Object.hasOwn(USER_COOKIE_DOMAINS, platform);
}

/** Whether a cookie's domain (leading dot and #HttpOnly_ already removed) is one of the platform's or below it. */
export function belongsTo(platform: UserCookiePlatform, domain: string): boolean {
  return USER_COOKIE_DOMAINS[platform].some((host) => domain === host || domain.endsWith(`.${host}`));
}
