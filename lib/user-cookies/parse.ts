import { AppError } from '@/lib/errors';

import { belongsTo, type UserCookiePlatform } from './platforms';

/** A cookies.txt larger than this is refused before it is read. */
export const MAX_COOKIE_FILE_BYTES = 256 * 1024;

export interface ParsedCookies {
  /** The kept cookies as a Netscape cookie file, ready for yt-dlp. */
  text: string;
  count: number;
  /** ms since the epoch of the first kept cookie to expire; null when every kept cookie lasts the browser session. */
  earliestExpiry: number | null;
}

const FLAG = /^(TRUE|FALSE)$/i;
const EXPIRY = /^-?\d{1,20}$/;

/**
 * A Netscape cookies.txt (what browser extensions and yt-dlp export) checked line by line and trimmed to one
 * platform: blank lines and comments pass, every other line must have its seven tab-separated fields
 * (domain, subdomains flag, path, secure flag, expiry in seconds, name, value) or the file is refused
 * (`cookies_not_netscape`). Cookies of other domains and cookies already expired are dropped; what is left must hold
 * at least one cookie (`cookies_none_for_platform`). Never echoes a cookie in an error.
 */
export function parseCookieFile(raw: string, platform: UserCookiePlatform, now = Date.now()): ParsedCookies {
  if (Buffer.byteLength(raw, 'utf8') > MAX_COOKIE_FILE_BYTES) {
    throw new AppError('cookies_too_large', `A cookies file may hold at most ${MAX_COOKIE_FILE_BYTES / 1024} KB`);
  }
  const kept: string[] = [];
  let earliest: number | null = null;
  let cookieLines = 0;
  let expired = 0;
  const lines = raw.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (!line.trim() || (line.startsWith('#') && !line.startsWith('#HttpOnly_'))) continue;
    const fields = line.split('\t');
    const [domainField, subdomains, path, secure, expiry, name] = fields;
    if (fields.length !== 7 || !domainField || !FLAG.test(subdomains) || !path || !FLAG.test(secure) || !EXPIRY.test(expiry) || !name) {
      throw new AppError('cookies_not_netscape', `Line ${index + 1} is not a Netscape cookie line`, { line: index + 1 });
    }
    cookieLines += 1;
    const domain = domainField.replace(/^#HttpOnly_/, '').replace(/^\./, '').toLowerCase();
    if (!belongsTo(platform, domain)) continue;
    const expiresAt = Number(expiry) * 1000;
    if (expiresAt > 0 && expiresAt <= now) {
      expired += 1;
      continue;
    }
    if (expiresAt > 0) earliest = earliest === null ? expiresAt : Math.min(earliest, expiresAt);
    kept.push(line);
  }
  if (cookieLines === 0) throw new AppError('cookies_not_netscape', 'The file holds no Netscape cookie line');
  if (kept.length === 0) {
    throw new AppError('cookies_none_for_platform', expired > 0
      ? 'Every cookie of this platform in the file has expired'
      : 'The file holds no cookie of this platform', { platform, expired });
  }
  return { text: `# Netscape HTTP Cookie File\n${kept.join('\n')}\n`, count: kept.length, earliestExpiry: earliest };
}
