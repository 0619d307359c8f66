import { chromium, expect, test } from '@playwright/test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The fixture site global-setup starts (never the internet); the app is started with it allow-listed.
const FIXTURE = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? 4555}`;
const OG_VIDEO = `${FIXTURE}/pages/og-video.html`;

/** PNG width and height from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

test('the web app manifest: served on our origin, a share target to /download, icons, installable in Chromium', async ({ page, request, baseURL }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("manifest-src 'self'");
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(new URL(href!, baseURL).origin).toBe(new URL(baseURL!).origin);

  const served = await request.get(href!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await served.json();
  expect(manifest).toMatchObject({
    name: 'Grabline', display: 'standalone', start_url: '/',
    share_target: { action: '/download', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } },
  });
  const sizes: Record<string, string> = {};
  for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe(icon.type);
    if (icon.type === 'image/png') {
      const { width, height } = pngSize(await file.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      sizes[icon.purpose] = `${sizes[icon.purpose] ?? ''} ${icon.sizes}`.trim();
    }
  }
  expect(sizes).toEqual({ any: '192x192 512x512', maskable: '512x512' });

  // Chromium's own verdict: the manifest parses without errors or warnings.
  const cdp = await page.context().newCDPSession(page);
  const parsed = await cdp.send('Page.getAppManifest');
  expect(parsed.errors).toEqual([]);
  expect(parsed.url).toBe(new URL(href!, baseURL).href);
  expect(consoleErrors.filter((text) => /manifest|icon/i.test(text))).toEqual([]);

  // Installability is judged in an ordinary profile (the test's own context is incognito, where nothing installs).
  const profile = await mkdtemp(path.join(tmpdir(), 'grabline-install-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  try {
    const visitor = await browser.newPage();
    await visitor.goto(`${baseURL}/`);
    const session = await browser.newCDPSession(visitor);
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    // The same check says so where there is nothing to install (a page of another site without a manifest).
    await visitor.goto(OG_VIDEO);
    const elsewhere = await session.send('Page.getInstallabilityErrors');
    expect(elsewhere.installabilityErrors.map((error) => error.errorId)).toContain('no-manifest');
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('a share from another app: /download finds the link in the shared text and analyses it; its thumbnail is an offer', async ({ page }) => {
  test.setTimeout(90_000);
  const text = `Look at this ${OG_VIDEO}!`;
  await page.goto(`/download?title=${encodeURIComponent('OG video')}&text=${encodeURIComponent(text)}`);
  await expect(page.getByTestId('analyze-input')).toHaveValue(OG_VIDEO);
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('format-select').click();
  await page.getByTestId('format-option').filter({ hasText: /^Thumbnail · JPG/ }).click();
  const saved = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByTestId('download-button').click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/\.jpg$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
});

test('the share target keeps the visitor’s language: /download?url= goes on to /ar/download with the query', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'ar', url: baseURL! }]);
  await page.goto(`/download?url=${encodeURIComponent(`Regarde ${OG_VIDEO}`)}`);
  await expect(page).toHaveURL(/\/ar\/download\?url=/);
  await expect(page.getByTestId('analyze-input')).toHaveValue(OG_VIDEO);
});

test('the bookmarklet: dragged from the home page, clicked on another site, it opens Grabline with that page ready to analyse', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await page.goto('/fr');
  const link = page.getByTestId('bookmarklet');
  await expect(link).toHaveAttribute('href', /^javascript:/);
  await expect(link).toHaveAttribute('draggable', 'true');
  const code = (await link.getAttribute('href'))!;
  expect(code).toContain(JSON.stringify(`${baseURL}/fr/download?url=`));
  // Clicked on our own page it does nothing.
  await link.click();
  await expect(page).toHaveURL(`${baseURL}/fr`);
  expect(context.pages()).toHaveLength(1);

  // On another site (the fixture page, its own origin), the bookmark runs there as the browser runs bookmarklets.
  await page.goto(OG_VIDEO);
  const opened = context.waitForEvent('page');
  await page.evaluate((source) => new Function(decodeURIComponent(source.slice('javascript:'.length)))(), code);
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toBe(`${baseURL}/fr/download?url=${encodeURIComponent(OG_VIDEO)}`);
  // Opened from another site, the link waits in the box for the visitor's word: nothing was started on arrival.
  await expect(tab.getByTestId('analyze-input')).toHaveValue(OG_VIDEO);
  await expect(tab.getByTestId('arrival-confirm')).toBeVisible();
  await expect(tab.getByTestId('result-card')).toHaveCount(0);
  await tab.getByTestId('arrival-analyze').click();
  await expect(tab.getByTestId('arrival-confirm')).toHaveCount(0);
  await expect(tab.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
  await expect(tab.getByTestId('result-title')).toHaveText('OG video fixture');
});
