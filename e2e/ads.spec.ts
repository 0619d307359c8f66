import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { startNextServer } from '../test/next-server';

/**
 * Advertising, switched on: a Grabline server of its own (same build, another port) with every ADS_* setting,
 * its ad script pointed at a stub served here on loopback. The stub works like the ad network's script — a
 * command queue on window.adsbygoogle, each unit filled with a frame from the ad host, one request back to it —
 * so the page's Content-Security-Policy is exercised for script, frame and connect. The suite's own server
 * (no ADS_*) shows that without configuration there is no ad code at all.
 */

const ADS_PORT = Number(process.env.E2E_ADS_PORT ?? 3781);
const ADS_BASE = `http://127.0.0.1:${ADS_PORT}`;
const PUBLISHER = 'ca-pub-1234567890123456';

const STUB_SCRIPT = `(function () {
  var host = document.currentScript && new URL(document.currentScript.src).origin;
  var pending = Array.isArray(window.adsbygoogle) ? window.adsbygoogle : [];
  function fill() {
    document.querySelectorAll('ins.adsbygoogle:not([data-stub-filled])').forEach(function (ins) {
      ins.setAttribute('data-stub-filled', '1');
      var frame = document.createElement('iframe');
      frame.src = host + '/frame.html';
      frame.title = 'stub ad';
      frame.style.width = ins.style.width;
      frame.style.height = ins.style.height;
      frame.style.border = '0';
      ins.appendChild(frame);
    });
  }
  function handle(command) {
    if (command && command.enable_page_level_ads) {
      document.documentElement.setAttribute('data-stub-auto', JSON.stringify(command));
      return;
    }
    fill();
  }
  pending.forEach(handle);
  window.adsbygoogle = { loaded: true, push: handle };
  fetch(host + '/ping', { mode: 'cors' }).then(function () { document.documentElement.setAttribute('data-stub-ping', 'ok'); });
})();`;

interface Stub {
  origin: string;
  requests: Map<string, number>;
  failScript: boolean;
  close(): Promise<void>;
}

/** The ad host: the stub script (or a 500 while failScript is set), the frame its units show, a ping. */
async function startStub(): Promise<Stub> {
  const stub = { requests: new Map<string, number>(), failScript: false } as Stub;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    stub.requests.set(path, (stub.requests.get(path) ?? 0) + 1);
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (path === '/ads.js' && !stub.failScript) {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(STUB_SCRIPT);
    } else if (path === '/frame.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><body style="margin:0;background:#fc0">stub ad</body>');
    } else if (path === '/ping') {
      res.writeHead(204).end();
    } else {
      res.writeHead(path === '/ads.js' ? 500 : 404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return stub;
}

let stub: Stub;
let server: ChildProcess;
let dataDir: string;

/** The day's counts the ads server stored, as `placement/type` → count. */
function counts(): Record<string, number> {
  const db = new Database(join(dataDir, 'grabline.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT placement, type, count FROM ad_event_counts WHERE day = ?').all(new Date().toISOString().slice(0, 10)) as
      { placement: string; type: string; count: number }[];
    return Object.fromEntries(rows.map((row) => [`${row.placement}/${row.type}`, Number(row.count)]));
  } catch {
    return {};
  } finally {
    db.close();
  }
}

/** Every CSP violation a page reports, through the DOM event and the console, from the first byte on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportViolation: (text: string) => void }).__reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to (execute|load|apply|evaluate|connect|frame)/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function open(browser: Browser, path: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL: ADS_BASE, viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const violations = await watchViolations(page);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return { context, page, violations };
}

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;
const unitSize = (page: Page, placement: string) =>
  page.locator(`aside[data-ad-placement="${placement}"] ins.adsbygoogle`).evaluate((el) => [(el as HTMLElement).offsetWidth, (el as HTMLElement).offsetHeight]);

test.describe('advertising, configured', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    stub = await startStub();
    dataDir = mkdtempSync(join(tmpdir(), 'grabline-e2e-ads-'));
    server = await startNextServer(ADS_PORT, {
      DATA_DIR: dataDir,
      SITE_URL: ADS_BASE,
      ADS_PUBLISHER_ID: PUBLISHER,
      ADS_PLACEMENTS: 'topBanner,sideRail,rectangle,bottomAnchor,vignette',
      ADS_AUTO: '1',
      ADS_SCRIPT_URL: `${stub.origin}/ads.js`,
      ADS_TELEMETRY_HOURLY_LIMIT: '10000',
    });
  });

  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await stub?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the policy admits the ad host; nothing loads before a click, then the top banner shows under the hero and auto ads start', async ({ browser }) => {
    const { context, page, violations } = await open(browser, '/');
    const policy = (await page.request.get('/')).headers()['content-security-policy'];
    expect(policy).toContain(`script-src 'self' 'nonce-`);
    expect(policy).toMatch(new RegExp(`script-src [^;]*${stub.origin}`));
    expect(policy).toMatch(new RegExp(`frame-src ${stub.origin}`));
    expect(policy).toMatch(new RegExp(`connect-src 'self' ${stub.origin}`));

    // Loaded, idle, scrolled: still no ad script and no slot.
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(1000);
    expect(stub.requests.get('/ads.js') ?? 0).toBe(0);
    await expect(page.locator('aside[data-ad-placement]')).toHaveCount(0);
    expect(counts()).toEqual({});

    await page.locator('#hero-title').click();
    const banner = page.locator('aside[data-ad-placement="topBanner"]');
    await expect(banner).toBeVisible();
    expect(stub.requests.get('/ads.js')).toBe(1);
    expect(await unitSize(page, 'topBanner')).toEqual([728, 90]);
    // Where the spec puts it: below the hero, above the Single/Bulk tools.
    const [hero, ad, tools] = [await box(page, 'section[aria-labelledby="hero-title"]'), await banner.boundingBox(), await box(page, '#home-tools')];
    expect(ad!.y).toBeGreaterThanOrEqual(hero.y + hero.height - 1);
    expect(ad!.y + ad!.height).toBeLessThanOrEqual(tools.y + 1);
    await expect(banner.locator('iframe')).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('data-stub-ping', 'ok');
    await page.screenshot({ path: test.info().outputPath('home-1280.png') });
    // Page-level ads with the bottom overlay (bottomAnchor is on); the anchor and vignette take no slot.
    const auto = JSON.parse((await page.locator('html').getAttribute('data-stub-auto'))!);
    expect(auto).toEqual({ google_ad_client: PUBLISHER, enable_page_level_ads: true, overlays: { bottom: true } });
    await expect(page.locator('[data-ad-placement="bottomAnchor"], [data-ad-placement="vignette"]')).toHaveCount(0);
    // Neither /download's rectangle nor its side rail is on the home page.
    await expect(page.locator('aside[data-ad-placement]')).toHaveCount(1);

    // A second interaction loads nothing more.
    await page.keyboard.press('Shift');
    await page.waitForTimeout(300);
    expect(stub.requests.get('/ads.js')).toBe(1);

    await expect.poll(() => counts()).toMatchObject({ 'script-load/loaded': 1, 'topBanner/rendered': 1, 'auto/rendered': 1 });
    expect(violations).toEqual([]);
    await context.close();
  });

  test('on /download a key press loads it: the rectangle beneath the link box, the side rail beside the page from 1200 px', async ({ browser }) => {
    const before = counts();
    const { context, page, violations } = await open(browser, '/download');
    await expect(page.locator('aside[data-ad-placement]')).toHaveCount(0);
    await page.keyboard.press('Tab');
    const rectangle = page.locator('aside[data-ad-placement="rectangle"]');
    const rail = page.locator('aside[data-ad-placement="sideRail"]');
    await expect(rectangle).toBeVisible();
    await expect(rail).toBeVisible();
    expect(await unitSize(page, 'rectangle')).toEqual([336, 280]);
    expect(await unitSize(page, 'sideRail')).toEqual([300, 600]);
    const input = await box(page, '[data-testid="analyze-input"]');
    const rect = (await rectangle.boundingBox())!;
    const section = await box(page, 'main section');
    const railBox = (await rail.boundingBox())!;
    expect(rect.y).toBeGreaterThan(input.y + input.height);
    expect(railBox.x).toBeGreaterThanOrEqual(section.x + section.width - 1);
    // Counted before anything resizes the window: a unit is put in anew (and counted again) when its size changes,
    // and a full-page screenshot may resize the window for a moment.
    await expect.poll(() => counts()).toMatchObject({
      'rectangle/rendered': (before['rectangle/rendered'] ?? 0) + 1,
      'sideRail/rendered': (before['sideRail/rendered'] ?? 0) + 1,
      'script-load/loaded': (before['script-load/loaded'] ?? 0) + 1,
    });
    await page.screenshot({ path: test.info().outputPath('download-1280.png'), fullPage: true });
    // At 1199 px the side rail goes; the rectangle stays.
    await page.setViewportSize({ width: 1199, height: 900 });
    await expect(rail).toHaveCount(0);
    await expect(rectangle).toBeVisible();
    expect(violations).toEqual([]);
    await context.close();
  });

  test('on a phone a touch loads it: a 320x100 banner, no side rail', async ({ browser }) => {
    const { context, page, violations } = await open(browser, '/', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    expect(await page.locator('aside[data-ad-placement]').count()).toBe(0);
    await page.touchscreen.tap(20, 300);
    await expect(page.locator('aside[data-ad-placement="topBanner"]')).toBeVisible();
    expect(await unitSize(page, 'topBanner')).toEqual([320, 100]);
    await page.screenshot({ path: test.info().outputPath('home-390.png') });
    await page.goto('/download');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.dispatchEvent(new Event('paste', { bubbles: true })));
    await expect(page.locator('aside[data-ad-placement="rectangle"]')).toBeVisible();
    await expect(page.locator('aside[data-ad-placement="sideRail"]')).toHaveCount(0);
    expect(violations).toEqual([]);
    await context.close();
  });

  test('a visitor who set feature_ads_v1 to false gets no ad script, no slot, no report', async ({ browser }) => {
    const before = stub.requests.get('/ads.js') ?? 0;
    const reported = counts();
    const context = await browser.newContext({ baseURL: ADS_BASE });
    await context.addInitScript(() => window.localStorage.setItem('feature_ads_v1', 'false'));
    const page = await context.newPage();
    await page.goto('/download');
    await page.waitForLoadState('networkidle');
    await page.locator('h1').click();
    await page.keyboard.press('Tab');
    await page.waitForTimeout(1000);
    expect(stub.requests.get('/ads.js') ?? 0).toBe(before);
    await expect(page.locator('aside[data-ad-placement]')).toHaveCount(0);
    expect(counts()).toEqual(reported);
    await context.close();
  });

  test('an ad script that fails to load is reported once, and no placement shows', async ({ browser }) => {
    stub.failScript = true;
    try {
      const before = counts()['script-load/error'] ?? 0;
      const { context, page } = await open(browser, '/');
      await page.locator('#hero-title').click();
      await page.keyboard.press('Shift');
      await page.locator('#hero-title').click();
      await expect.poll(() => counts()['script-load/error'] ?? 0).toBe(before + 1);
      await page.waitForTimeout(500);
      expect(counts()['script-load/error']).toBe(before + 1);
      await expect(page.locator('aside[data-ad-placement]')).toHaveCount(0);
      await context.close();
    } finally {
      stub.failScript = false;
    }
  });

  test('/_telemetry is answered unlocalized, as data, and refuses what is not an ad event', async ({ request }) => {
    const ok = await request.post(`${ADS_BASE}/_telemetry`, {
      headers: { origin: ADS_BASE },
      data: { event: 'ad_event', data: { type: 'rendered', placement: 'vignette', timestamp: Date.now(), url: 'https://x.example/secret', userAgent: 'UA' } },
      maxRedirects: 0,
    });
    expect(ok.status()).toBe(200);
    expect(ok.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(await ok.json()).toEqual({ success: true, data: { recorded: true } });
    const bad = await request.post(`${ADS_BASE}/_telemetry`, { headers: { origin: ADS_BASE }, data: { event: 'ad_event', data: { type: 'x' } } });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, code: 'invalid_request' });
  });
});

test.describe('advertising, not configured (the suite\'s own server)', () => {
  test('no ad code, no ad host in the policy, no telemetry endpoint', async ({ page, request }) => {
    const res = await request.get('/');
    const policy = res.headers()['content-security-policy'];
    expect(policy).toContain("frame-src 'none'");
    expect(policy).not.toMatch(/googlesyndication|doubleclick/);
    const html = await res.text();
    expect(html).not.toMatch(/adsbygoogle|data-ad-placement|feature_ads_v1|_telemetry/);
    const requests: string[] = [];
    const scripts: Promise<string>[] = [];
    page.on('request', (req) => requests.push(req.url()));
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => ''));
    });
    await page.goto('/download');
    await page.locator('h1').click();
    await page.keyboard.press('Tab');
    await page.waitForTimeout(800);
    await expect(page.locator('[data-ad-placement], ins.adsbygoogle')).toHaveCount(0);
    expect(requests.filter((url) => !url.startsWith(new URL(res.url()).origin))).toEqual([]);
    expect(requests.filter((url) => url.includes('_telemetry'))).toEqual([]);
    // Not even the ad components' code reaches the browser.
    const code = await Promise.all(scripts);
    expect(code.length).toBeGreaterThan(0);
    expect(code.filter((text) => text.includes('feature_ads_v1') || text.includes('adsbygoogle'))).toEqual([]);
    const telemetry = await request.post('/_telemetry', { data: { event: 'ad_event', data: { type: 'rendered', placement: 'topBanner' } }, maxRedirects: 0 });
    expect(telemetry.status()).toBe(404);
  });
});
