import { expect, test } from '@playwright/test';

test('the theme choice persists across a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('ui-theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('the operating system dark preference is followed until the visitor chooses', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('the language selector switches language and keeps the page and its query', async ({ page }) => {
  await page.goto('/bulk?creator=mrbeast');
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('locale-fr').click();
  await expect(page).toHaveURL(/\/fr\/bulk\?creator=mrbeast$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('locale-ar').click();
  await expect(page).toHaveURL(/\/ar\/bulk\?creator=mrbeast$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');
  // The stored choice now wins over the browser language on a bare path.
  await page.goto('/download');
  await expect(page).toHaveURL(/\/ar\/download$/);
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('locale-en').click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/download$/);
});

test('Accept-Language decides on a first visit without a stored choice', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/fr$/);
  await context.close();
});
