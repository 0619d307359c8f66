import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { FIXTURE_PORT } from '../playwright.config';
import { startNextServer } from '../test/next-server';

/**
 * What a visitor reads when a platform is failing on this server (its canary fails) or paused (it pushed back): a
 * banner on its landing page and a sentence in the analysis error, in their language, with the time in their own time
 * zone (the browser's, never the server's UTC). A server of its own, whose store says TikTok's canary has been failing
 * for 30 minutes; a paused platform cannot be provoked offline (no platform is reachable), so those answers of the
 * API are stood in for in the browser, in the shape the server sends.
 */
const PORT = Number(process.env.E2E_NOTICES_PORT ?? 3129);
const BASE = `http://127.0.0.1:${PORT}`;
const TIKTOK_POST = 'https://www.tiktok.com/@grabline/video/7300000000000000001';
const INSTAGRAM_POST = 'https://www.instagram.com/p/C0ffee12345/';
let server: ChildProcess | undefined;
let dataDir: string;
let failingSince: string;

test.describe.configure({ mode: 'serial' });

/** The time as the page should say it: the visitor's zone and language; the date too when it is not their today. */
function expected(iso: string, locale: string, timeZone: string): string {
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(d);
  const sameDay = day(new Date(iso)) === day(new Date());
  const style: Intl.DateTimeFormatOptions = sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(locale, { ...style, timeZone }).format(new Date(iso));
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).replace(/[\s\u202f\u00a0]+/g, ' ');
const plain = (value: string) => value.replace(/[\s\u202f\u00a0]+/g, ' ');

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = mkdtempSync(join(tmpdir(), 'grabline-notices-'));
  server = await startNextServer(PORT, { DATA_DIR: dataDir, MEDIA_FETCH_ALLOW: `127.0.0.1:${FIXTURE_PORT}` });
  // The first read creates the store; then TikTok's canary is recorded as failing for 30 minutes.
  expect((await fetch(`${BASE}/api/platform-status?platform=tiktok`)).ok).toBe(true);
  const at = Math.floor((Date.now() - 30 * 60_000) / 60_000) * 60_000;
  failingSince = new Date(at).toISOString();
  const db = new Database(join(dataDir, 'grabline.db'));
  db.prepare('INSERT INTO platform_canaries (platform, ok, checked_at, code, failing_since, engine) VALUES (?, 0, ?, ?, ?, ?)')
    .run('tiktok', Date.now(), 'upstream_failed', at, 'e2e');
  db.close();
});

test.afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test.describe('in English, in Tokyo', () => {
  test.use({ locale: 'en-US', timezoneId: 'Asia/Tokyo' });

  test("TikTok's failing canary: the landing banner and the analysis error say since when, in Tokyo time", async ({ page }) => {
    const time = expected(failingSince, 'en', 'Asia/Tokyo');
    await page.goto(`${BASE}/tiktok-downloader`);
    await expect(page.getByTestId('platform-outage')).toBeVisible();
    expect(await text(page, 'platform-outage')).toContain(plain(`TikTok downloads have been failing on this server since ${time}.`));
    await page.screenshot({ path: 'test-results/platform-notices/en-tiktok-banner.png' });

    await page.goto(`${BASE}/download`);
    await page.getByTestId('analyze-input').fill(TIKTOK_POST);
    await page.getByTestId('analyze-submit').click();
    await expect(page.getByTestId('analyze-error')).toBeVisible({ timeout: 30_000 });
    expect(await text(page, 'analyze-error')).toContain(plain(`TikTok downloads have been failing on this server since ${time}.`));
    await page.getByTestId('analyze-error').screenshot({ path: 'test-results/platform-notices/en-tiktok-error.png' });
  });

  test('a paused platform: the banner and the analysis error say when to try again', async ({ page }) => {
    const retryAt = new Date(Date.now() + 25 * 60_000).toISOString();
    await standInPaused(page, retryAt);
    const time = expected(retryAt, 'en', 'Asia/Tokyo');
    await page.goto(`${BASE}/instagram-downloader`);
    expect(await text(page, 'platform-outage')).toContain(plain(`Try again at ${time}; other platforms still work.`));
    await page.goto(`${BASE}/download`);
    await page.getByTestId('analyze-input').fill(INSTAGRAM_POST);
    await page.getByTestId('analyze-submit').click();
    await expect(page.getByTestId('analyze-error')).toBeVisible();
    expect(await text(page, 'analyze-error')).toContain(plain(`Instagram pushed back on this server, so its downloads are paused for a moment. Try again at ${time}.`));
  });
});

test.describe('in Arabic, in Riyadh', () => {
  test.use({ locale: 'ar', timezoneId: 'Asia/Riyadh' });

  test("TikTok's failing canary: the banner and the analysis error in Arabic, in Riyadh time", async ({ page }) => {
    const time = expected(failingSince, 'ar', 'Asia/Riyadh');
    await page.goto(`${BASE}/ar/tiktok-downloader`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await text(page, 'platform-outage')).toContain(plain(`تفشل تنزيلات TikTok على هذا الخادم منذ ${time}.`));
    await page.screenshot({ path: 'test-results/platform-notices/ar-tiktok-banner.png' });

    await page.goto(`${BASE}/ar/download`);
    await page.getByTestId('analyze-input').fill(TIKTOK_POST);
    await page.getByTestId('analyze-submit').click();
    await expect(page.getByTestId('analyze-error')).toBeVisible({ timeout: 30_000 });
    expect(await text(page, 'analyze-error')).toContain(plain(`تفشل تنزيلات TikTok على هذا الخادم منذ ${time}.`));
  });

  test('a paused platform in Arabic: when to try again, in Riyadh time', async ({ page }) => {
    const retryAt = new Date(Date.now() + 25 * 60_000).toISOString();
    await standInPaused(page, retryAt);
    const time = expected(retryAt, 'ar', 'Asia/Riyadh');
    await page.goto(`${BASE}/ar/instagram-downloader`);
    expect(await text(page, 'platform-outage')).toContain(plain(`حاول مرة أخرى في ${time}`));
    await page.screenshot({ path: 'test-results/platform-notices/ar-instagram-paused-banner.png' });
    await page.goto(`${BASE}/ar/download`);
    await page.getByTestId('analyze-input').fill(INSTAGRAM_POST);
    await page.getByTestId('analyze-submit').click();
    await expect(page.getByTestId('analyze-error')).toBeVisible();
    expect(await text(page, 'analyze-error')).toContain(plain(`طلبت Instagram من هذا الخادم التمهّل، لذا أُوقفت تنزيلاتها مؤقتًا. حاول مرة أخرى في ${time}.`));
    await page.getByTestId('analyze-error').screenshot({ path: 'test-results/platform-notices/ar-instagram-paused-error.png' });
  });
});

/** Instagram paused until `retryAt`, as /api/platform-status and a failed analysis answer it. */
async function standInPaused(page: Page, retryAt: string): Promise<void> {
  await page.route('**/api/platform-status?platform=instagram', (route) => route.fulfill({
    json: { success: true, data: { platform: 'instagram', failingSince: null, pausedUntil: retryAt } },
  }));
  await page.route('**/api/analyze', (route) => route.fulfill({
    json: {
      success: true,
      data: {
        jobId: 'job_paused', status: 'error', progress: 100, code: 'platform_paused',
        message: 'Downloads from this platform are paused for a moment because it pushed back on this server. Retry after 12:00 UTC.',
        details: { retryAfter: 1500, retryAt, platform: 'instagram' },
      },
    },
  }));
}
