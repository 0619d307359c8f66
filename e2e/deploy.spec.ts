import { expect, test } from '@playwright/test';

/**
 * The suite's server is bound to 127.0.0.1, as behind a reverse proxy. Pages answer at once — no redirect to
 * themselves (Next 16 used to proxy its own locale rewrite and loop on a 307) — whether reached directly or
 * through a proxy that forwards the public host and https.
 */
const PAGES = ['/', '/download', '/bulk', '/login', '/ar', '/fr/download', '/ar-EG/bulk'];

test('every page answers 200 without a redirect, directly and behind a proxy', async ({ request }) => {
  for (const path of PAGES) {
    const direct = await request.get(path, { maxRedirects: 0 });
    expect(direct.status(), path).toBe(200);
    const proxied = await request.get(path, {
      maxRedirects: 0,
      headers: { host: 'grab.example', 'x-forwarded-host': 'grab.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.status(), `${path} behind a proxy`).toBe(200);
  }
});

test('a page in the browser settles on its own address', async ({ page }) => {
  const response = await page.goto('/download');
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/download');
  await expect(page.locator('h1').first()).toBeVisible();
});

test('an address that is not valid percent-encoding is a 400, never a 500', async ({ request }) => {
  for (const path of ['/%E0', '/download/%E0', '/api/history/seen/%E0%A4%A']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(400);
  }
});
