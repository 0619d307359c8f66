import { expect, test } from '@playwright/test';
import { E2E_METRICS_TOKEN } from '../playwright.config';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test('/metrics without the right token is the 404 of any unknown page', async ({ page, request }) => {
  const unknown = await request.get('/no-such-page-at-all');
  expect(unknown.status()).toBe(404);
  for (const headers of [{}, bearer('a-wrong-token-of-enough-length'), bearer(`${E2E_METRICS_TOKEN}x`), { Authorization: `Basic ${E2E_METRICS_TOKEN}` }]) {
    const res = await request.get('/metrics', { headers });
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toBe(unknown.headers()['content-type']);
    expect(res.headers()['www-authenticate']).toBeUndefined();
    const text = await res.text();
    expect(text).not.toContain('grabline_');
    expect(text).toContain('<html');
  }
  // In a browser: the same localized 404 page as an unknown path.
  await page.goto('/no-such-page-at-all');
  const heading = await page.locator('h1').first().textContent();
  const response = await page.goto('/metrics');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1').first()).toHaveText(heading!);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('/metrics with the token answers Prometheus text, unlocalized, and counts requests by route', async ({ request }) => {
  expect((await request.get('/api/health/live')).status()).toBe(200);
  // A stored Arabic choice does not localize it.
  const res = await request.get('/metrics', { headers: { ...bearer(E2E_METRICS_TOKEN), Cookie: 'NEXT_LOCALE=ar' }, maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  expect(res.headers()['content-security-policy']).toContain("default-src 'none'");
  const text = await res.text();
  expect(text).toMatch(/^grabline_http_requests_total\{method="GET",route="\/api\/health\/live",status="200"\} [1-9]\d*$/m);
  expect(text).toMatch(/^# TYPE grabline_jobs_queued gauge$/m);
  // The suite's other specs share this server: analyses may be running while it is scraped.
  expect(text).toMatch(/^grabline_jobs_running\{kind="analysis"\} \d+$/m);
  expect(text).toMatch(/^grabline_engine_info\{engine="ytdlp",version="[^"]+",source="[a-z-]+"\} 1$/m);
});
