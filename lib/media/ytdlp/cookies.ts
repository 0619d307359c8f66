import 'server-only';

import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { config } from '@/lib/config';

/** The hosts each platform's cookies may be sent to; a cookie for any other domain in the file is dropped. */
export const PLATFORM_COOKIE_HOSTS: Record<string, readonly string[]> = {
  youtube: ['youtube.com', 'youtu.be', 'youtube-nocookie.com'],
  tiktok: ['tiktok.com'],
  instagram: ['instagram.com'],
  facebook: ['facebook.com', 'fb.watch', 'fb.com'],
  twitter: ['x.com', 'twitter.com'],
};

const cache = new Map<string, { mtimeMs: number; text: string | undefined }>();
const warned = new Set<string>();

function warnOnce(key: string, text: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`[cookies] ${text}`);
}

/** Keeps the Netscape cookie lines whose domain is one of the hosts (or below it); drops comments and the rest. */
export function filterCookieLines(text: string, hosts: readonly string[]): string {
  const kept: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const fields = line.split('\t');
    if (fields.length !== 7) continue;
    const domain = fields[0].replace(/^#HttpOnly_/, '').replace(/^\./, '').toLowerCase();
    if (!domain || (line.startsWith('#') && !line.startsWith('#HttpOnly_'))) continue;
    if (hosts.some((host) => domain === host || domain.endsWith(`.${host}`))) kept.push(line);
  }
  return kept.length > 0 ? `# Netscape HTTP Cookie File\n${kept.join('\n')}\n` : '';
}

/**
 * The operator's cookies for one platform (COOKIES_DIR/<platform>.txt, Netscape format), filtered to that
 * platform's hosts. A file others may read is refused (logged once, by name only). The content is never logged.
 */
export function platformCookies(platform: string, dir = config().env.COOKIES_DIR): string | undefined {
  const hosts = PLATFORM_COOKIE_HOSTS[platform];
  if (!dir || !hosts) return undefined;
  const file = join(dir, `${platform}.txt`);
  let mtimeMs: number;
  let mode: number;
  try {
    ({ mtimeMs, mode } = statSync(file));
  } catch {
    return undefined;
  }
  if (mode & 0o004) {
    warnOnce(`${file}:mode`, `${file} is readable by every user on this machine; refused (chmod 600 it)`);
    return undefined;
  }
  const cached = cache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.text;
  let text: string | undefined;
  try {
    text = filterCookieLines(readFileSync(file, 'utf8'), hosts) || undefined;
  } catch {
    text = undefined;
  }
  if (!text) warnOnce(`${file}:${mtimeMs}`, `${file} holds no cookie for ${hosts.join(', ')}`);
  cache.set(file, { mtimeMs, text });
  return text;
}
