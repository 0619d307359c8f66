import { expect, test } from '@playwright/test';
import { FIXTURE_PORT } from '../playwright.config';

const FIXTURE = `http://127.0.0.1:${FIXTURE_PORT}`;
// 3 MB at 50 kB/s: a minute of work unless it is cancelled.
const SLOW = `${FIXTURE}/_sw/throttle=50000/video.mp4?e2e=queue`;

test('the bulk queue: cancel a running item, retry it, then cancel everything', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/bulk');
  await page.getByTestId('bulk-textarea').fill([SLOW, `${FIXTURE}/audio.mp3?e2e=queue`].join('\n'));
  await page.getByTestId('bulk-start').click();
  const items = page.getByTestId('bulk-item');
  await expect(items).toHaveCount(2, { timeout: 30_000 });
  const slow = items.first();
  await expect(slow).toHaveAttribute('data-status', 'processing', { timeout: 30_000 });
  await slow.getByTestId('bulk-item-cancel').click();
  await expect(slow).toHaveAttribute('data-status', 'failed');
  await expect(slow.getByTestId('bulk-item-message')).toHaveText('This was cancelled before it finished.');
  await expect(items.nth(1)).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(page.getByTestId('bulk-retry-failed')).toHaveText('Retry the failed link');
  await page.screenshot({ path: 'test-results/queue-control-en.png', fullPage: true });

  await slow.getByTestId('bulk-item-retry').click();
  await expect(items.first()).not.toHaveAttribute('data-status', 'failed');
  await page.getByTestId('bulk-cancel-all').click();
  await expect(items.first()).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('bulk-cancel-all')).toHaveCount(0);
  // Stays cancelled: the next polls read the same state from the store.
  await page.waitForTimeout(2_500);
  await expect(items.first()).toHaveAttribute('data-status', 'failed');
});

test('in Arabic the queue reads right to left with its own words', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/ar/bulk');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('bulk-textarea').fill(SLOW.replace('e2e=queue', 'e2e=queue-ar'));
  await page.getByTestId('bulk-start').click();
  const item = page.getByTestId('bulk-item').first();
  await expect(item).toHaveAttribute('data-status', 'processing', { timeout: 30_000 });
  await expect(item.getByTestId('bulk-item-cancel')).toHaveText('إلغاء');
  await expect(page.getByTestId('bulk-cancel-all')).toHaveText('إلغاء الكل');
  await item.getByTestId('bulk-item-cancel').click();
  await expect(item).toHaveAttribute('data-status', 'failed');
  await expect(item.getByTestId('bulk-item-retry')).toHaveText('إعادة المحاولة');
  // The action sits at the end of the row: left of the message in right-to-left.
  const retry = await item.getByTestId('bulk-item-retry').boundingBox();
  const message = await item.getByTestId('bulk-item-message').boundingBox();
  expect(retry!.x).toBeLessThan(message!.x);
  await page.screenshot({ path: 'test-results/queue-control-ar.png', fullPage: true });
});

test('the progress card: cancel a running download, then try it again as a new job', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`/download?url=${encodeURIComponent(SLOW.replace('e2e=queue', 'e2e=card'))}`);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('download-button').click();
  await expect(page.getByTestId('progress-status')).toHaveText('Processing', { timeout: 30_000 });
  await page.getByTestId('progress-cancel').click();
  await expect(page.getByTestId('progress-status')).toHaveText('Failed');
  await expect(page.getByTestId('progress-message')).toHaveText('This was cancelled before it finished.');
  await expect(page.getByTestId('progress-cancel')).toHaveCount(0);
  const retried = page.waitForRequest((req) => req.method() === 'POST' && /\/api\/media\/progress\/[\w-]+\/retry$/.test(req.url()));
  await page.getByTestId('progress-retry').click();
  await retried;
  await expect(page.getByTestId('progress-status')).toHaveText('Processing', { timeout: 30_000 });
  await page.getByTestId('progress-cancel').click();
  await expect(page.getByTestId('progress-status')).toHaveText('Failed');
});
