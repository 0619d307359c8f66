import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { filterCookieLines, platformCookies } from './cookies';
import { createPlatformGate } from './platform-access';
import { createYtdlpPool, type YtdlpPool } from './pool';
import { startTestSite, type TestSite } from './test-site';

const FILE = [
  '# Netscape HTTP Cookie File',
  '.youtube.com\tTRUE\t/\tTRUE\t4102444800\tSID\tyt-secret',
  '#HttpOnly_.youtube.com\tTRUE\t/\tTRUE\t4102444800\t__Secure-3PSID\tyt-http-only',
  '.google.com\tTRUE\t/\tTRUE\t4102444800\tNID\tgoogle-secret',
  '.evil-youtube.com\tTRUE\t/\tFALSE\t4102444800\tX\tnope',
  'www.instagram.com\tFALSE\t/\tTRUE\t4102444800\tsessionid\tig-secret',
  '',
].join('\n');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'grabline-cookies-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('platform cookies', () => {
  it('keeps only the platform\'s own hosts', () => {
    const kept = filterCookieLines(FILE, ['youtube.com', 'youtu.be']);
    expect(kept).toContain('yt-secret');
    expect(kept).toContain('yt-http-only');
    expect(kept).not.toMatch(/google-secret|nope|ig-secret/);
    expect(filterCookieLines(FILE, ['tiktok.com'])).toBe('');
  });

  it('reads <COOKIES_DIR>/<platform>.txt, refuses a world-readable file and never logs its content', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const file = join(dir, 'youtube.txt');
    writeFileSync(file, FILE);
    chmodSync(file, 0o644);
    expect(platformCookies('youtube', dir)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('readable by every user'));
    chmodSync(file, 0o600);
    writeFileSync(file, FILE + '\n'); // a new mtime, so the cache reads it again
    expect(platformCookies('youtube', dir)).toContain('yt-secret');
    expect(platformCookies('instagram', dir)).toBeUndefined(); // no instagram.txt
    expect(platformCookies('fixture', dir)).toBeUndefined(); // not a platform with cookie hosts
    expect(JSON.stringify(warn.mock.calls)).not.toMatch(/secret/);
    warn.mockRestore();
  });
});

describe('platform pacing', () => {
  it('runs at most N analyses of one platform at once, starts them apart, and leaves others alone', async () => {
    const gate = createPlatformGate(() => ({ concurrency: 2, spacingMs: 40 }));
    let active = 0;
    let peak = 0;
    const starts: number[] = [];
    const job = async (platform: string) => {
      const release = await gate.enter(platform);
      if (platform === 'youtube') starts.push(performance.now());
      active += platform === 'youtube' ? 1 : 0;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 100));
      active -= platform === 'youtube' ? 1 : 0;
      release();
    };
    const t0 = performance.now();
    const other = gate.enter('tiktok').then((release) => {
      release();
      return performance.now() - t0;
    });
    await Promise.all([job('youtube'), job('youtube'), job('youtube'), job('youtube'), other]);
    expect(peak).toBe(2);
    for (let i = 1; i < starts.length; i += 1) expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(35);
    expect(await other).toBeLessThan(20);
  });

  it('lets a waiting analysis be cancelled', async () => {
    const gate = createPlatformGate(() => ({ concurrency: 1, spacingMs: 0 }));
    const first = await gate.enter('x');
    const controller = new AbortController();
    const waiting = gate.enter('x', controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'unavailable' });
    first();
    (await gate.enter('x'))();
  });
});

describe('cookies reach the site only for the one extraction they were given to', () => {
  let site: TestSite;
  let pool: YtdlpPool;
  beforeAll(async () => {
    site = await startTestSite();
    process.env.MEDIA_FETCH_ALLOW = new URL(site.origin).host;
    pool = createYtdlpPool({ size: 1 });
  });
  afterAll(async () => {
    await pool?.close();
    await site?.close();
    delete process.env.MEDIA_FETCH_ALLOW;
  });

  it('sends the given cookie to its own host, then forgets it', async () => {
    const cookies = `# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t4102444800\tsid\toperator-session\n`;
    await pool.extract(`${site.origin}/video.mp4?with`, { cookies });
    expect(site.cookieSeen.get('/video.mp4')).toBe('sid=operator-session');
    await pool.extract(`${site.origin}/session.mp4?without`);
    expect(site.cookieSeen.get('/session.mp4')).toBeUndefined();
    const other = `# Netscape HTTP Cookie File\n.example.com\tTRUE\t/\tFALSE\t4102444800\tsid\tnot-for-you\n`;
    await pool.extract(`${site.origin}/video.mp4?other`, { cookies: other });
    expect(site.cookieSeen.get('/video.mp4')).toBeUndefined();
  });
});
