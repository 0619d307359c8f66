import { expect, test, type Page } from '@playwright/test';
import { FIXTURE_PORT } from '../playwright.config';

const FIXTURE = `http://127.0.0.1:${FIXTURE_PORT}`;

/** Every URL the browser asks for outside our own origin, and every policy violation it reports. */
function watchOutside(page: Page, ownOrigin: string): { outside: string[]; violations: string[] } {
  const seen = { outside: [] as string[], violations: [] as string[] };
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(ownOrigin) && !url.startsWith('data:') && !url.startsWith('blob:')) seen.outside.push(url);
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to load/i.test(message.text())) seen.violations.push(message.text());
  });
  return seen;
}

const loaded = (page: Page, selector: string) =>
  page.waitForFunction((sel) => {
    const imgs = [...document.querySelectorAll<HTMLImageElement>(sel)];
    return imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0);
  }, selector);

test('a result\'s thumbnail loads from our own route: the browser never asks the picture\'s host', async ({ page, baseURL }) => {
  const seen = watchOutside(page, baseURL!);
  await page.goto(`/download?url=${encodeURIComponent(`${FIXTURE}/pages/og-video.html`)}`);
  const card = page.getByTestId('result-card');
  await expect(card).toBeVisible({ timeout: 30_000 });
  const img = card.locator('img').first();
  await expect(img).toHaveAttribute('src', /^\/api\/thumbnail\?src=.+&sig=[\w-]{22}$/);
  await loaded(page, '[data-testid=result-card] img');
  expect(await img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([expect.any(Number), expect.any(Number)]);
  expect(seen.outside).toEqual([]);
  expect(seen.violations).toEqual([]);
});

test('a creator page\'s video pictures load from our own route', async ({ page, baseURL }) => {
  const seen = watchOutside(page, baseURL!);
  await page.goto('/download/fixture-channel');
  const pictures = page.locator('[data-testid=creator-video] img');
  await expect(pictures).toHaveCount(4, { timeout: 30_000 });
  for (const src of await pictures.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))) {
    expect(src).toMatch(/^\/api\/thumbnail\?src=.+&sig=[\w-]{22}$/);
  }
  await pictures.last().scrollIntoViewIfNeeded();
  await loaded(page, '[data-testid=creator-video] img');
  // Structured data names the same pictures, made absolute on our own origin.
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as {
    '@graph': Array<{ '@type': string; thumbnailUrl?: string }>;
  };
  const videos = ld['@graph'].filter((node) => node['@type'] === 'VideoObject');
  expect(videos).toHaveLength(4);
  for (const video of videos) expect(video.thumbnailUrl).toMatch(new RegExp(`^${baseURL}/api/thumbnail\\?src=`));
  expect(seen.outside).toEqual([]);
  expect(seen.violations).toEqual([]);
});

test('the route answers a picture with its own headers, and a forged link with 404', async ({ request, page }) => {
  await page.goto(`/download?url=${encodeURIComponent(`${FIXTURE}/pages/og-video.html`)}`);
  const img = page.getByTestId('result-card').locator('img').first();
  await expect(img).toHaveAttribute('src', /^\/api\/thumbnail\?/, { timeout: 30_000 });
  const link = (await img.getAttribute('src'))!;
  const res = await request.get(link);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/jpeg');
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  expect(res.headers()['content-security-policy']).toMatch(/^default-src 'none'/);
  expect(res.headers()['cache-control']).toMatch(/max-age=\d{6,}/);
  const forged = link.replace(/sig=[\w-]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAA');
  expect((await request.get(forged)).status()).toBe(404);
});
