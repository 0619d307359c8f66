import { expect, test } from '@playwright/test';

test('the home page has one link box, the analyser in place: no second box sending to /download', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('hero-url-input')).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(1);
  const submit = page.getByTestId('analyze-submit');
  await expect(submit).toBeDisabled();
  await page.getByTestId('analyze-input').fill('  https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42  ');
  await expect(submit).toBeEnabled();
});

test('a blank link explains itself and the page stays (Arabic)', async ({ page }) => {
  await page.goto('/ar');
  await page.getByTestId('analyze-input').fill('   ');
  // A box of spaces is as empty as an empty box: the button stays disabled, Enter still explains why.
  await expect(page.getByTestId('analyze-submit')).toBeDisabled();
  await page.getByTestId('analyze-input').press('Enter');
  await expect(page.getByText('الرابط مطلوب').first()).toBeVisible();
  await expect(page).toHaveURL(/\/ar$/);
});

test('a landing page keeps its Download button disabled while the input is empty', async ({ page }) => {
  for (const platform of ['youtube', 'tiktok', 'instagram', 'facebook', 'twitter']) {
    await page.goto(`/${platform}-downloader`);
    const submit = page.getByTestId('landing-submit');
    await expect(submit).toBeDisabled();
    await page.getByTestId('landing-url-input').fill(' https://example.com/v.mp4 ');
    await expect(submit).toBeEnabled();
  }
  await page.getByTestId('landing-submit').click();
  await expect(page).toHaveURL('/download?url=' + encodeURIComponent('https://example.com/v.mp4'));
});

test('the home page carries WebApplication structured data and hreflang alternates', async ({ page }) => {
  await page.goto('/');
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.some((text) => JSON.parse(text)['@type'] === 'WebApplication')).toBe(true);
  for (const code of ['en', 'ar', 'ar-EG', 'fr', 'x-default']) {
    await expect(page.locator(`link[rel="alternate"][hreflang="${code}"]`)).toHaveCount(1);
  }
});

test('sitemap.xml and robots.txt are served', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain('/ar-EG/youtube-downloader');
  expect(xml).toContain('hreflang="fr"');
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toMatch(/Sitemap: .*sitemap\.xml/);
});

test('the first Tab reaches "Skip to content", which jumps past the header', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('on a phone the home page names the platforms but no keyboard shortcut to paste', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByTestId('analyze-hint')).toBeVisible();
  await expect(page.getByTestId('analyze-shortcut-hint')).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId('analyze-shortcut-hint')).toBeVisible();
});
