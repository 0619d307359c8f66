import { expect, test } from '@playwright/test';

const LOCALES = [
  { code: 'en', prefix: '', dir: 'ltr' },
  { code: 'ar', prefix: '/ar', dir: 'rtl' },
  { code: 'ar-EG', prefix: '/ar-EG', dir: 'rtl' },
  { code: 'fr', prefix: '/fr', dir: 'ltr' },
] as const;

const PUBLIC_ROUTES = [
  '/',
  '/download',
  '/bulk',
  '/youtube-downloader',
  '/tiktok-downloader',
  '/instagram-downloader',
  '/facebook-downloader',
  '/twitter-downloader',
  '/download/mrbeast',
  '/login',
  '/register',
];

for (const locale of LOCALES) {
  test(`every public route answers in ${locale.code}`, async ({ page }) => {
    for (const route of PUBLIC_ROUTES) {
      const path = `${locale.prefix}${route === '/' && locale.prefix ? '' : route}`;
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale.code);
      await expect(page.locator('html')).toHaveAttribute('dir', locale.dir);
      await expect(page.locator('h1').first()).toBeVisible();
    }
  });
}

test('an unknown path answers a localized 404', async ({ page }) => {
  const response = await page.goto('/fr/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Télécharger', exact: true })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

for (const code of ['ar', 'ar-EG']) {
  test(`/${code} is right-to-left in the Arabic font`, async ({ page }) => {
    await page.goto(`/${code}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font).toContain('Cairo');
    // The header's logo sits on the right in RTL.
    const box = await page.locator('header a').first().boundingBox();
    expect(box!.x).toBeGreaterThan(page.viewportSize()!.width / 2);
  });
}

test('English and French use the Latin font', async ({ page }) => {
  for (const path of ['/', '/fr']) {
    await page.goto(path);
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font).toContain('Inter');
  }
});
