import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_RUN_DIR } from '../playwright.config';

// The fixture site global-setup starts; the app allow-lists it (never the internet).
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;
const PASSWORD = 'correct horse battery';
const ADMIN = 'admin-e2e@example.com';
const MEMBER = 'member@example.com';

test.describe.configure({ mode: 'serial' });

async function signIn(page: Page, email: string) {
  const res = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
}

/**
 * The e2e server's one-time setup token: with no admin yet, it writes one to its data folder at start, and registering
 * with it makes the admin (a password registration never does, whatever ADMIN_EMAILS lists). Absent when an earlier
 * run against a reused server (E2E_REUSE) already spent it: that run's admin is still there.
 */
function setupToken(): string | undefined {
  const file = join(E2E_RUN_DIR, 'data', 'setup-token');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

test.beforeAll(async ({ playwright }, info) => {
  const baseURL = info.project.use.baseURL!;
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: new URL(baseURL).origin } });
  expect((await request.post('/api/auth/register', { data: { email: ADMIN, password: PASSWORD, setupToken: setupToken() } })).status()).toBe(201);
  await request.post('/api/auth/login', { data: { email: ADMIN, password: PASSWORD } });
  expect((await request.get('/api/admin/users')).status(), `${ADMIN} is an admin`).toBe(200);
  expect((await request.post('/api/auth/register', { data: { email: MEMBER, password: PASSWORD } })).status()).toBe(201);
  // Something for the usage and storage sections: one download that works and one that fails, as the member.
  await request.post('/api/auth/login', { data: { email: MEMBER, password: PASSWORD } });
  for (const url of [`${FIXTURE}/video.mp4?e2e=admin`, `${FIXTURE}/_sw/status=404/missing.mp4`]) {
    const started = await request.post('/api/media/download', { data: { url, quality: '720p', format: 'mp4' } });
    const id = (await started.json()).data?.downloadId as string | undefined;
    if (!id) continue;
    await expect.poll(async () => (await (await request.get(`/api/media/progress/${id}`)).json()).data?.status, { timeout: 30_000 })
      .toMatch(/ready|failed/);
  }
  await request.dispose();
});

test('a member gets the ordinary 404 page, no Admin link, and 404 from the admin API', async ({ page }) => {
  await signIn(page, MEMBER);
  const unknown = await page.goto('/dashboard/no-such-page');
  const unknownTitle = await page.title();
  const res = await page.goto('/dashboard/admin');
  expect(res?.status()).toBe(404);
  expect(unknown?.status()).toBe(404);
  expect(await page.title()).toBe(unknownTitle);
  // The 404 keeps the site's header and navigation: the way on is where it always is.
  await expect(page.getByRole('banner').getByRole('navigation')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-nav-overview')).toBeVisible();
  await expect(page.getByTestId('dashboard-nav-admin')).toHaveCount(0);
  const html = await page.content();
  expect(html).not.toContain('/dashboard/admin');
  expect(html).not.toContain('Admin console');
  for (const path of ['/api/admin/users', '/api/admin/queue', '/api/admin/usage', '/api/admin/audit', '/api/admin/platforms']) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
});

const SHOTS = [
  { name: 'admin-en-light-1280', locale: '', scheme: 'light', width: 1280 },
  { name: 'admin-en-dark-1280', locale: '', scheme: 'dark', width: 1280 },
  { name: 'admin-ar-light-1280', locale: '/ar', scheme: 'light', width: 1280 },
  { name: 'admin-en-light-390', locale: '', scheme: 'light', width: 390 },
  { name: 'admin-en-dark-390', locale: '', scheme: 'dark', width: 390 },
  { name: 'admin-ar-light-390', locale: '/ar', scheme: 'light', width: 390 },
] as const;

/** Nothing wider than the viewport: a horizontal scrollbar is a layout bug. */
async function noOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('an admin walks the sections: role change, usage chart, audit log, queue, platforms, storage', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/dashboard');
  await page.getByTestId('dashboard-nav-admin').click();
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin console' })).toBeVisible();

  // Invites sit beside the accounts, and say that with registration open nobody needs one.
  await expect(page.getByTestId('invites-card')).toContainText('Registration is open right now');
  await page.getByTestId('admin-user-search').fill('member');
  const row = page.getByTestId('admin-user').filter({ hasText: MEMBER });
  await expect(row).toHaveCount(1);
  await row.getByTestId('admin-user-role').click();
  await page.getByRole('option', { name: 'Disabled' }).click();
  await expect(page.getByText(`${MEMBER} is now: Disabled.`).first()).toBeVisible();
  await row.getByTestId('admin-user-role').click();
  await page.getByRole('option', { name: 'Member' }).click();

  await page.getByTestId('admin-tab-queue').click();
  await expect(page.getByText('Nothing is queued or running right now.').or(page.getByTestId('admin-queue'))).toBeVisible();
  await page.getByTestId('admin-tab-platforms').click();
  await expect(page.getByTestId('admin-engine')).toBeVisible();
  await expect(page.getByTestId('admin-platforms').locator('li')).toHaveCount(5);
  // Each platform's state in plain words, never the breaker's jargon.
  await expect(page.getByTestId('admin-platforms')).not.toContainText('Breaker');
  await expect(page.getByTestId('admin-platforms').getByText(/Working normally|Paused after repeated failures|Trying again after a pause/).first()).toBeVisible();
  await page.getByTestId('admin-tab-storage').click();
  await expect(page.getByTestId('admin-storage-temp')).toBeVisible();
  // The disk's capacity, and the recorded per-user total named as the different count it is.
  await expect(page.getByTestId('admin-storage-disk')).toContainText(/free of/);
  await expect(page.getByTestId('admin-storage-recorded')).toContainText('is made once and shared, yet counts here for every download that used it');
  await page.getByTestId('admin-tab-usage').click();
  await expect(page.getByTestId('admin-usage-downloads')).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Downloads and failures per hour' })).toBeVisible();
  // A failure is named by what its user was told, never by its code.
  const reasons = page.getByRole('figure', { name: 'Failures by reason' });
  await expect(reasons).toContainText('No video, audio or image was found at this link.');
  await expect(reasons).not.toContainText('no_media');
  await page.getByTestId('admin-usage-7').click();
  await expect(page.getByRole('figure', { name: 'Downloads and failures per day' })).toBeVisible();
  await page.getByTestId('admin-tab-audit').click();
  const log = page.getByTestId('admin-audit').locator('li');
  await expect(log).toHaveCount(2);
  await expect(log.first()).toContainText(`${ADMIN} changed the role of ${MEMBER}`);
  await expect(log.first()).toContainText('(Disabled → Member)');
});

for (const shot of SHOTS) {
  test(`screenshot ${shot.name}`, async ({ page }) => {
    await signIn(page, ADMIN);
    await page.setViewportSize({ width: shot.width, height: 900 });
    await page.emulateMedia({ colorScheme: shot.scheme });
    await page.goto(`${shot.locale}/dashboard/admin`);
    await expect(page.getByTestId('admin-console')).toBeVisible();
    await expect(page.getByTestId('admin-users')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await noOverflow(page);
    await page.screenshot({ path: `test-results/${shot.name}-users.png`, fullPage: true });
    await page.getByTestId('admin-tab-usage').click();
    await expect(page.getByTestId('usage-columns')).toBeVisible();
    await noOverflow(page);
    await page.screenshot({ path: `test-results/${shot.name}-usage.png`, fullPage: true });
    await page.getByTestId('admin-tab-platforms').click();
    await expect(page.getByTestId('admin-engine')).toBeVisible();
    await noOverflow(page);
    await page.screenshot({ path: `test-results/${shot.name}-platforms.png`, fullPage: true });
    await page.getByTestId('admin-tab-storage').click();
    await expect(page.getByTestId('admin-storage-temp')).toBeVisible();
    await noOverflow(page);
    await page.screenshot({ path: `test-results/${shot.name}-storage.png`, fullPage: true });
    await page.getByTestId('admin-tab-audit').click();
    await expect(page.getByTestId('admin-audit')).toBeVisible();
    await noOverflow(page);
    await page.screenshot({ path: `test-results/${shot.name}-audit.png`, fullPage: true });
  });
}
