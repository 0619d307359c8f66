import { expect, test, type Page } from '@playwright/test';
import { FIXTURE_PORT } from '../playwright.config';

const FIXTURE = `http://127.0.0.1:${FIXTURE_PORT}`;

// The toast itself (its text is also announced in a live region).
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

test('three links, one bad: two complete with links, one fails with its reason, and the ZIP downloads', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/bulk');
  await expect(page.getByRole('heading', { name: 'Bulk download' })).toBeVisible();
  await expect(page.getByText('Download multiple media files at once')).toBeVisible();
  const start = page.getByTestId('bulk-start');
  await expect(start).toBeDisabled();
  await expect(page.getByTestId('bulk-quality')).toHaveText('1080p');
  await expect(page.getByTestId('bulk-format')).toHaveText('MP4');

  await page.getByTestId('bulk-textarea').fill([`${FIXTURE}/video.mp4`, '', `${FIXTURE}/pages/no-media.html`, `  ${FIXTURE}/hls/master.m3u8  `].join('\n'));
  await page.getByTestId('bulk-quality').click();
  await page.getByRole('option', { name: '720p' }).click();
  await expect(page.getByTestId('bulk-quality')).toHaveText('720p');
  await start.click();

  const items = page.getByTestId('bulk-item');
  // The first POST also compiles the route on a dev server; a built one answers at once.
  await expect(items).toHaveCount(3, { timeout: 60_000 });
  await expect(page.locator('[data-testid=bulk-item][data-status=completed]')).toHaveCount(2, { timeout: 90_000 });
  const failed = page.locator('[data-testid=bulk-item][data-status=failed]');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText(`${FIXTURE}/pages/no-media.html`);
  await expect(failed.getByTestId('bulk-item-message')).toHaveText('No video, audio or image was found at this link.');
  await expect(page.getByTestId('bulk-summary')).toHaveText('2 ready · 1 failed');
  for (const index of [0, 2]) {
    const item = items.nth(index);
    await expect(item.getByTestId('bulk-item-message')).toHaveText('Ready for download');
    await expect(item.getByTestId('bulk-item-download')).toHaveAttribute('href', /^\/api\/download\/[\w-]+\?itag=.+&ext=mp4$/);
  }
  await expect(toasts(page)).toContainText('Bulk download complete');
  await expect(toasts(page)).toContainText('Successfully processed 2 URLs');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('bulk-zip').click();
  const zip = await downloading;
  expect(zip.suggestedFilename()).toMatch(/^grabline-batch_[\w-]+\.zip$/);
  const bytes = Buffer.concat(await (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of (await zip.createReadStream())!) chunks.push(chunk as Buffer);
    return chunks;
  })());
  // Local file header signature, and two entries in the end record.
  expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
  expect(bytes.readUInt16LE(bytes.length - 22 + 10)).toBe(2);
});

test('whitespace only is refused (at least one URL), and nothing starts', async ({ page }) => {
  await page.goto('/bulk');
  await page.getByTestId('bulk-textarea').fill('  \n   \n');
  await page.getByTestId('bulk-start').click();
  await expect(toasts(page)).toContainText('Error');
  await expect(toasts(page)).toContainText('Please enter at least one URL');
  await expect(page.getByTestId('bulk-item')).toHaveCount(0);
});

test('?creator= starts with that creator\'s videos listed, in Arabic too', async ({ page }) => {
  await page.goto('/ar/bulk?creator=fixture-channel');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('bulk-textarea')).toHaveValue(
    ['og-video', 'jsonld-video', 'video-tag', 'twitter-player'].map((p) => `${FIXTURE}/pages/${p}.html`).join('\n'),
  );
});
