import { expect, test, type Page } from '@playwright/test';

// The fixture site global-setup starts; the app allow-lists it (never the internet).
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;
const PASSWORD = 'correct horse battery';

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

function directives(policy: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

function expectCommon(headers: Record<string, string>) {
  expect(headers).toMatchObject(COMMON);
  const permissions = headers['permissions-policy'];
  expect(permissions).toContain('clipboard-read=(self)');
  expect(permissions).toContain('camera=()');
}

/** Every CSP violation a page reports, through the DOM event and the console, from the first byte on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportViolation: (text: string) => void }).__reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to (execute|load|apply|evaluate|connect)/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe('security headers', () => {
  test('a page carries a nonce policy with no inline or eval scripts, a fresh nonce each time, and the common headers', async ({ request }) => {
    const first = await request.get('/');
    const second = await request.get('/');
    expect(first.status()).toBe(200);
    const headers = first.headers();
    expectCommon(headers);
    expect(headers['strict-transport-security']).toBeUndefined();
    const policy = directives(headers['content-security-policy']);
    const scripts = policy.get('script-src')!;
    const nonce = scripts.find((value) => value.startsWith("'nonce-"))!;
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/=]{20,}'$/);
    expect(scripts).toContain("'strict-dynamic'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(directives(second.headers()['content-security-policy']).get('script-src')).not.toContain(nonce);
    // Every script the page ships carries this response's nonce.
    const html = await first.text();
    const value = nonce.slice("'nonce-".length, -1);
    // Data blocks (JSON-LD) are never executed, so the policy does not ask them for a nonce.
    const tags = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('application/ld+json'));
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toContain(`nonce="${value}"`);
  });

  test('HSTS only when the visitor came over https (said by our trusted proxy), never over plain http', async ({ request }) => {
    // The e2e server trusts no proxy: a caller's own X-Forwarded-Proto is not believed.
    const forged = await request.get('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers()['strict-transport-security']).toBeUndefined();
    const api = await request.get('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers()['strict-transport-security']).toBeUndefined();
  });

  test('API answers carry a deny-all policy and the common headers, errors included', async ({ request }) => {
    for (const [path, status] of [['/api/health', 200], ['/api/auth/me', 401], ['/api/bulk/batch_nope', 404], ['/api/openapi.json', 200]] as const) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(status);
      const headers = res.headers();
      expectCommon(headers);
      const policy = directives(headers['content-security-policy']);
      expect(policy.get('default-src'), path).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), path).toEqual(["'none'"]);
    }
    const bad = await request.post('/api/analyze', { data: '{not json', headers: { 'content-type': 'application/json' } });
    expect(bad.status()).toBe(400);
    expect(directives(bad.headers()['content-security-policy']).get('default-src')).toEqual(["'none'"]);
  });

  for (const locale of ['en', 'ar'] as const) {
    test(`no page reports a CSP violation (${locale})`, async ({ page }) => {
      test.setTimeout(120_000);
      const violations = await watchViolations(page);
      const email = `csp-${locale}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      await page.request.post('/api/auth/register', { data: { email, password: PASSWORD } });
      const prefix = locale === 'en' ? '' : `/${locale}`;
      const paths = ['/', '/download', '/bulk', '/login', '/register'];
      for (const path of paths) {
        const res = await page.goto(`${prefix}${path}`);
        expect(res?.status(), path).toBe(200);
        await page.waitForLoadState('networkidle');
        // The app hydrated: its scripts ran under the policy.
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
      }
      // A result, with its thumbnail from another site, on /download.
      await page.goto(`${prefix}/download?url=${encodeURIComponent(`${FIXTURE}/video.mp4`)}`);
      await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
      // Switching the theme runs next-themes' transition-pausing style, which needs the nonce too.
      await page.getByTestId('theme-toggle').click();
      await page.getByRole('menuitemradio').nth(1).click();
      await expect(page.locator('html')).toHaveClass(/dark/);
      await page.reload();
      await expect(page.locator('html')).toHaveClass(/dark/);
      const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
      expect(login.ok()).toBe(true);
      for (const path of ['/dashboard', '/dashboard/history', '/dashboard/settings']) {
        const res = await page.goto(`${prefix}${path}`);
        expect(res?.status(), path).toBe(200);
        await page.waitForLoadState('networkidle');
      }
      expect(violations).toEqual([]);
    });
  }

  test('a bulk batch runs under the policy: the page follows its keyed status link and the ZIP downloads; the bare id opens nothing', async ({ page }) => {
    test.setTimeout(120_000);
    const violations = await watchViolations(page);
    await page.goto('/bulk');
    await page.getByTestId('bulk-textarea').fill(`${FIXTURE}/video.mp4?bulk-csp=1`);
    const started = page.waitForResponse((res) => res.url().endsWith('/api/bulk') && res.request().method() === 'POST');
    await page.getByTestId('bulk-start').click();
    const { data } = (await (await started).json()) as { data: { batchId: string; statusUrl: string; zipUrl: string } };
    expect(data.statusUrl).toMatch(new RegExp(`^/api/bulk/${data.batchId}\\?key=[\\w-]{43}$`));
    await expect(page.locator('[data-testid=bulk-item][data-status=completed]')).toHaveCount(1, { timeout: 90_000 });
    await expect(page.getByTestId('bulk-zip')).toHaveAttribute('href', data.zipUrl);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('bulk-zip').click();
    expect((await downloading).suggestedFilename()).toBe(`grabline-${data.batchId}.zip`);
    expect((await page.request.get(`/api/bulk/${data.batchId}`)).status()).toBe(404);
    expect((await page.request.get(`/api/bulk/${data.batchId}/zip`)).status()).toBe(404);
    expect((await page.request.get(data.statusUrl)).status()).toBe(200);
    expect(violations).toEqual([]);
  });
});
