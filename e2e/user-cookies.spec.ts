import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'correct horse battery';
const FAR = Math.floor(Date.now() / 1000) + 86_400 * 40;
const NEAR = Math.floor(Date.now() / 1000) + 86_400 * 10;
const FILE = [
  '# Netscape HTTP Cookie File',
  `.tiktok.com\tTRUE\t/\tTRUE\t${FAR}\tsessionid\te2e-tiktok-secret`,
  `#HttpOnly_.tiktok.com\tTRUE\t/\tTRUE\t${NEAR}\ttt_csrf\te2e-csrf-secret`,
  `.youtube.com\tTRUE\t/\tTRUE\t${FAR}\tSID\te2e-youtube-secret`,
].join('\n');

async function signedIn(page: Page, name: string): Promise<void> {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
}

test('settings: add TikTok cookies by paste, see only the summary, remove them (English)', async ({ page }) => {
  await signedIn(page, 'cookies-en');
  await page.goto('/dashboard/settings');
  const section = page.getByTestId('platform-cookies');
  await expect(section.getByText('Platform cookies')).toBeVisible();
  await expect(page.getByTestId('cookies-tiktok-summary')).toHaveText('No cookies added');

  await page.getByTestId('cookies-tiktok-add').click();
  await page.getByLabel('Paste your cookies.txt (Netscape format)').fill('not a cookie file');
  await page.getByTestId('cookies-tiktok-save').click();
  await expect(page.getByText('This is not a cookies.txt in Netscape format.').first()).toBeVisible();

  await page.getByLabel('Paste your cookies.txt (Netscape format)').fill(FILE);
  await page.getByTestId('cookies-tiktok-save').click();
  await expect(page.getByTestId('cookies-tiktok-summary')).toHaveText(/^Added on .+, 2 cookies, earliest expiry .+$/);
  await expect(page.getByTestId('cookies-tiktok-form')).toHaveCount(0);
  await expect(page.getByTestId('cookies-youtube-summary')).toHaveText('No cookies added'); // trimmed away, not stored
  await page.reload();
  await expect(page.getByTestId('cookies-tiktok-summary')).toHaveText(/2 cookies/);
  expect(await page.content()).not.toMatch(/e2e-(tiktok|csrf|youtube)-secret/);
  await section.screenshot({ path: test.info().outputPath('platform-cookies-en.png') });

  await page.getByRole('button', { name: 'Remove the TikTok cookies' }).click();
  await expect(page.getByTestId('cookies-tiktok-summary')).toHaveText('No cookies added');
});

test('settings: the platform cookies section in Arabic, right to left', async ({ page }) => {
  await signedIn(page, 'cookies-ar');
  await page.goto('/ar/dashboard/settings');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('cookies-tiktok-add').click();
  await page.getByLabel('الصق ملف cookies.txt (بصيغة Netscape)').fill(FILE);
  await page.getByTestId('cookies-tiktok-save').click();
  await expect(page.getByTestId('cookies-tiktok-summary')).toHaveText(/^أُضيفت في .+، ملفا تعريف ارتباط، وأقرب انتهاء صلاحية في .+$/);
  // The row's text starts at the right edge in RTL: the platform name sits right of its buttons.
  const row = page.getByTestId('cookies-tiktok');
  const name = await row.getByText('TikTok', { exact: true }).boundingBox();
  const button = await row.getByRole('button').first().boundingBox();
  expect(name && button && name.x > button.x).toBe(true);
  await page.getByTestId('platform-cookies').screenshot({ path: test.info().outputPath('platform-cookies-ar.png') });
});
