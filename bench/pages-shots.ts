import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';

const SCHEMES = [
  { name: 'en-light', prefix: '', scheme: 'light' },
  { name: 'en-dark', prefix: '', scheme: 'dark' },
  { name: 'ar-light', prefix: '/ar', scheme: 'light' },
] as const;

/**
 * Full-page screenshots a person compares before and after a change that must not show: the home page, /download
 * with a result and the dashboard, in English light and dark and in Arabic. `account` signs the context in.
 */
export async function takeScreenshots(
  browser: Browser,
  opts: { base: string; dir: string; resultPath: string; account: { email: string; password: string } },
): Promise<string[]> {
  mkdirSync(opts.dir, { recursive: true });
  const written: string[] = [];
  for (const { name, prefix, scheme } of SCHEMES) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: scheme, baseURL: opts.base });
    try {
      const login = await context.request.post('/api/auth/login', { data: opts.account });
      if (!login.ok()) throw new Error(`sign-in for the dashboard's screenshot answered ${login.status()}`);
      const page = await context.newPage();
      const pages = [
        { file: `home-${name}`, path: prefix || '/', ready: 'h1' },
        { file: `download-result-${name}`, path: `${prefix}${opts.resultPath}`, ready: '[data-testid=result-card]' },
        { file: `dashboard-${name}`, path: `${prefix}/dashboard`, ready: '[data-testid=user-avatar]' },
      ];
      for (const shot of pages) {
        // Every request the page makes has answered (the dashboard's figures, the avatar), so two runs show the same.
        await page.goto(shot.path, { waitUntil: 'networkidle' });
        await page.locator(shot.ready).first().waitFor({ timeout: 60_000 });
        await page.evaluate(() => document.fonts.ready);
        await page.waitForFunction(() => [...document.images].every((img) => img.complete));
        // Toasts come and go: wait until none is open, so two runs show the same page.
        await page.waitForFunction(() => !document.querySelector('[data-state=open][role=status], li[data-state=open]'), null, { timeout: 10_000 }).catch(() => {});
        const file = path.join(opts.dir, `${shot.file}.png`);
        await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
        written.push(file);
      }
    } finally {
      await context.close();
    }
  }
  return written;
}
