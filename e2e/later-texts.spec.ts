import { expect, test, type Page } from '@playwright/test';

// The home and landing pages carry only their first view's texts; the result card's, the bulk list's and the
// error lines' come from /messages/{locale}.later.json when those parts are first needed (the home page's tabs).
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;

function textsFetched(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/messages/')) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

test('Arabic home: nothing more is fetched on arrival; the Bulk tab opened first reads Arabic, then an error line and a result card do', async ({ page }) => {
  const fetched = textsFetched(page);
  await page.goto('/ar');
  await expect(page.getByTestId('analyze-input')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);

  await page.getByTestId('tab-bulk').click();
  await expect(page.getByText('الروابط، رابط في كل سطر')).toBeVisible();
  expect(fetched).toEqual(['/messages/ar.later.json']);

  await page.getByTestId('tab-single').click();
  await page.getByTestId('analyze-input').fill(`${FIXTURE}/does-not-exist.html`);
  await page.getByTestId('analyze-submit').click();
  await expect(page.getByTestId('analyze-error')).toContainText('لم يُعثر على فيديو أو صوت أو صورة في هذا الرابط.', { timeout: 30_000 });

  await page.getByTestId('analyze-input').fill(`${FIXTURE}/pages/og-video.html`);
  await page.getByTestId('analyze-submit').click();
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('result-card').getByRole('button', { name: 'تنزيل' })).toBeVisible();
  // Fetched once for the page, whatever needed it.
  expect(fetched).toEqual(['/messages/ar.later.json']);
});
