import { expect, test } from '@playwright/test';

test('a creator page shows the channel\'s videos, its actions and its structured data', async ({ page }) => {
  const response = await page.goto('/download/fixture-channel');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('creator-name')).toHaveText('Channel fixture');
  await expect(page.getByRole('heading', { name: 'Latest videos' })).toBeVisible();
  await expect(page.getByTestId('creator-video')).toHaveCount(4);
  await expect(page.getByTestId('creator-video-count')).toHaveText('4 videos available');
  await expect(page.getByTestId('creator-stat-videos')).toContainText('4');
  await expect(page.getByTestId('creator-download-all')).toHaveAttribute('href', '/bulk?creator=fixture-channel');
  const visit = page.getByTestId('creator-visit-channel');
  await expect(visit).toHaveAttribute('rel', /noopener/);
  await expect(visit).toHaveAttribute('href', /\/pages\/channel\.html$/);
  const first = page.getByTestId('creator-video').first();
  await expect(first).toContainText('Channel video 1');
  const preview = await first.getByTestId('creator-video-preview').getAttribute('href');
  expect(preview).toMatch(/^\/download\?creator=fixture-channel&video=[\w-]+$/);
  await expect(first.getByTestId('creator-video-download')).toHaveAttribute('href', preview!);

  const graph = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!)['@graph'] as { '@type': string; name?: string }[];
  expect(graph.map((node) => node['@type'])).toEqual(['Person', ...Array(4).fill('VideoObject'), 'BreadcrumbList']);
  expect(graph[0].name).toBe('Channel fixture');

  await page.getByTestId('creator-download-all').click();
  await expect(page).toHaveURL('/bulk?creator=fixture-channel');
  await expect(page.getByTestId('bulk-textarea')).toHaveValue(/channel|og-video/);
});

test('a creator whose channel has never been read shows an honest empty state, 200, noindex, no VideoObject, in French', async ({ page }) => {
  const response = await page.goto('/fr/download/mrbeast');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('creator-name')).toHaveText('MrBeast');
  await expect(page.getByTestId('creator-videos-empty')).toContainText('Impossible de charger les vidéos pour le moment');
  await expect(page.getByTestId('creator-video')).toHaveCount(0);
  await expect(page.getByTestId('creator-visit-channel')).toBeVisible();
  await expect(page.getByTestId('creator-download-all')).toHaveCount(0);
  await expect(page.locator('[data-testid^="creator-stat-"]')).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const graph = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!)['@graph'] as { '@type': string }[];
  expect(graph.map((node) => node['@type'])).toEqual(['Person', 'BreadcrumbList']);
});

test('an unknown creator answers 404 with Creator Not Found and the way home', async ({ page }) => {
  const response = await page.goto('/download/nobody-we-know');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Creator not found' })).toBeVisible();
  await page.getByTestId('creator-go-home').click();
  await expect(page).toHaveURL(/\/$/);
});
