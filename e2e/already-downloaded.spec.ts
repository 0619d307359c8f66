import { expect, test, type Page } from '@playwright/test';

// The fixture site global-setup starts; the app allow-lists it (never the internet).
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;
const VIDEO = `${FIXTURE}/video.mp4`;
const PASSWORD = 'correct horse battery';

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Registers and signs in through the API: the page's context gets the session cookies. */
async function signedIn(page: Page, name: string): Promise<void> {
  const email = uniqueEmail(name);
  expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
}

/** Opens /download for a link and waits for the result card and the caller's "already downloaded" answer. */
async function analyse(page: Page, url: string, prefix = ''): Promise<void> {
  const seen = page.waitForResponse((res) => res.url().includes('/api/history/seen/'));
  await page.goto(`${prefix}/download?url=${encodeURIComponent(url)}`);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  expect((await seen).ok()).toBe(true);
}

test('a signed-in user is told what they already downloaded, in English and Arabic, and can take it again', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signedIn(page, 'seen');
  await analyse(page, VIDEO);
  await expect(page.getByTestId('already-downloaded')).toHaveCount(0);
  const first = page.waitForEvent('download');
  await page.getByTestId('download-button').click();
  expect((await first).suggestedFilename()).toMatch(/\.mp4$/);

  // The same file through another link to it (a tracking parameter added): the line names the day, quality and format.
  await expect.poll(async () => {
    await analyse(page, `${VIDEO}?utm_source=newsletter`);
    return page.getByTestId('already-downloaded').count();
  }, { timeout: 20_000 }).toBe(1);
  const line = page.getByTestId('already-downloaded-text');
  await expect(line).toHaveText(/^You downloaded this on [A-Z][a-z]+ \d{1,2} — 720p MP4$/);
  await page.screenshot({ path: 'test-results/already-downloaded-en.png', fullPage: true });
  const again = page.waitForEvent('download');
  await page.getByTestId('redownload-button').click();
  expect((await again).suggestedFilename()).toMatch(/\.mp4$/);

  await analyse(page, VIDEO, '/ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(line).toHaveText(/^نزّلت هذا في .+ — 720p MP4$/);
  await expect(line.locator('bdi[dir="ltr"]')).toHaveText('720p MP4');
  await expect(page.getByTestId('redownload-button')).toHaveText('إعادة التنزيل');
  // Right to left: the button sits at the line's start side of the sentence's end, i.e. to its left.
  const text = await line.boundingBox();
  const button = await page.getByTestId('redownload-button').boundingBox();
  expect(button!.x + button!.width).toBeLessThanOrEqual(text!.x + 1);
  await page.screenshot({ path: 'test-results/already-downloaded-ar.png', fullPage: true });

  // Another user analysing the very same link sees nothing.
  const other = await browser.newPage();
  await signedIn(other, 'other');
  await analyse(other, VIDEO);
  await expect(other.getByTestId('already-downloaded')).toHaveCount(0);
  await other.close();
});

test('a visitor without a session never asks', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/history/seen/')) asked.push(req.url());
  });
  await page.goto(`/download?url=${encodeURIComponent(VIDEO)}`);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(500);
  expect(asked).toEqual([]);
  await expect(page.getByTestId('already-downloaded')).toHaveCount(0);
});
