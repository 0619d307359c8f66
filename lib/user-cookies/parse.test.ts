import { describe, expect, it } from 'vitest';

import { MAX_COOKIE_FILE_BYTES, parseCookieFile } from './parse';

const NOW = Date.UTC(2026, 10, 25, 12);
const future = Math.floor(NOW / 1000) + 3600;
const past = Math.floor(NOW / 1000) - 3600;
const line = (domain: string, name: string, expiry = future) => `${domain}\tTRUE\t/\tTRUE\t${expiry}\t${name}\tvalue-${name}`;

describe('parseCookieFile', () => {
  it('keeps a good file\'s cookies of the platform, in the Netscape format yt-dlp reads', () => {
    const file = ['# Netscape HTTP Cookie File', '# a comment', '', line('.x.com', 'auth_token'), line('twitter.com', 'ct0', 0)].join('\r\n');
    const parsed = parseCookieFile(`\uFEFF${file}`, 'twitter', NOW);
    expect(parsed.count).toBe(2);
    expect(parsed.earliestExpiry).toBe(future * 1000);
    expect(parsed.text).toBe(`# Netscape HTTP Cookie File\n${line('.x.com', 'auth_token')}\n${line('twitter.com', 'ct0', 0)}\n`);
  });

  it('trims other domains (look-alikes too) and drops expired cookies', () => {
    const file = [
      line('.youtube.com', 'SID'), `#HttpOnly_${line('.google.com', 'HSID')}`, line('accounts.google.com', 'LSID', past),
      line('.evil-youtube.com', 'X'), line('.youtube.com.evil.net', 'Y'), line('.tiktok.com', 'sessionid'), line('.instagram.com', 'ig'),
    ].join('\n');
    const parsed = parseCookieFile(file, 'youtube', NOW);
    expect(parsed.count).toBe(2);
    expect(parsed.text).toContain('value-SID');
    expect(parsed.text).toContain('#HttpOnly_.google.com');
    expect(parsed.text).not.toMatch(/value-(LSID|X|Y|sessionid|ig)/);
    expect(parseCookieFile(file, 'instagram', NOW).count).toBe(1);
    expect(parsed.earliestExpiry).toBe(future * 1000);
    expect(parseCookieFile(line('.youtube.com', 'SID', 0), 'youtube', NOW).earliestExpiry).toBeNull();
  });

  it.each([
    ['a JSON export', '[{"domain": ".youtube.com", "name": "SID", "value": "v"}]'],
    ['only comments', '# Netscape HTTP Cookie File\n# nothing here\n'],
    ['five fields', '.youtube.com\tTRUE\t/\tTRUE\t123'],
    ['a wrong flag', '.youtube.com\tyes\t/\tTRUE\t123\tSID\tv'],
    ['a text expiry', '.youtube.com\tTRUE\t/\tTRUE\tsoon\tSID\tv'],
    ['binary garbage', '\u0000\u0001PNG\r\n\u001a\n'],
  ])('refuses %s as not Netscape', (_name, text) => {
    expect(() => parseCookieFile(text, 'youtube', NOW)).toThrow(expect.objectContaining({ code: 'cookies_not_netscape' }));
  });

  it('refuses a file without a live cookie of the platform, and one over 256 KB, never echoing a cookie', () => {
    let error: unknown;
    try {
      parseCookieFile(line('.tiktok.com', 'sessionid'), 'youtube', NOW);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'cookies_none_for_platform', details: { expired: 0 } });
    expect(JSON.stringify(error) + String(error)).not.toContain('value-sessionid');
    expect(() => parseCookieFile(line('.youtube.com', 'SID', past), 'youtube', NOW))
      .toThrow(expect.objectContaining({ code: 'cookies_none_for_platform', details: { platform: 'youtube', expired: 1 } }));
    const big = Array.from({ length: 6000 }, (_, i) => line('.youtube.com', `n${i}`)).join('\n');
    expect(Buffer.byteLength(big)).toBeGreaterThan(MAX_COOKIE_FILE_BYTES);
    expect(() => parseCookieFile(big, 'youtube', NOW)).toThrow(expect.objectContaining({ code: 'cookies_too_large', status: 413 }));
  });
});
