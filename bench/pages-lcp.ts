import { chromium, type Browser, type Page } from 'playwright-core';

// Debian's Chromium with the flags the e2e suite uses: kept off the (closed) network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

/**
 * A mid-range phone on a slow mobile network, as Lighthouse's mobile profile: Slow 4G (150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up, with DevTools' latency and throughput factors) and the CPU slowed four times.
 */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  latencyMs: 150 * 3.75,
  downloadBytesPerS: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadBytesPerS: (750 * 1024 * 0.9) / 8,
  cpuSlowdown: 4,
};

export interface LcpReading {
  /** Time from navigation start to the largest contentful paint, in ms. */
  lcpMs: number;
  /** What the largest paint was: tag, and for a picture its path. */
  element: string;
  /** The element's painted area in CSS px². */
  size: number;
  /** With `timeline`: each request's start and end (ms from navigation start), for finding what the paint waited on. */
  requests?: string[];
}

/** Reads the page's last largest-contentful-paint entry (the final LCP as long as nobody has interacted). */
async function readLcp(page: Page): Promise<LcpReading> {
  return page.evaluate(
    () =>
      new Promise<{ lcpMs: number; element: string; size: number }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null; url?: string; size: number })[];
          const last = entries[entries.length - 1];
          const el = last.element;
          const name = el ? `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}` : '?';
          resolve({ lcpMs: Math.round(last.startTime), element: last.url ? `${name} ${new URL(last.url).pathname}` : name, size: last.size });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/**
 * Opens `url` in a fresh context (empty cache, like a first visit), waits for `ready` (a selector whose pictures
 * have all loaded), lets the page settle and reads its LCP. `phone` applies the throttled phone profile.
 */
export async function measureLcp(browser: Browser, url: string, ready: string, phone: boolean, timeline = false): Promise<LcpReading> {
  const context = await browser.newContext(
    phone ? { viewport: PHONE.viewport, deviceScaleFactor: PHONE.deviceScaleFactor, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } },
  );
  try {
    const page = await context.newPage();
    if (phone) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: PHONE.latencyMs,
        downloadThroughput: PHONE.downloadBytesPerS,
        uploadThroughput: PHONE.uploadBytesPerS,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    }
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(
      (sel) => {
        const root = document.querySelector(sel);
        return !!root && [...root.querySelectorAll('img')].every((img) => img.complete && img.naturalWidth > 0);
      },
      ready,
      { timeout: 60_000, polling: 50 },
    );
    // A paint after the last picture is still reported: give the page a moment before reading.
    await page.waitForTimeout(500);
    const reading = await readLcp(page);
    if (!timeline) return reading;
    const requests = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        (r) => `${Math.round(r.startTime)}–${Math.round(r.responseEnd)} ms ${r.transferSize} B ${new URL(r.name).pathname.slice(0, 60)}`,
      ),
    );
    const nav = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return `document: first byte ${Math.round(n.responseStart)} ms, last byte ${Math.round(n.responseEnd)} ms, DOMContentLoaded ${Math.round(n.domContentLoadedEventEnd)} ms`;
    });
    return { ...reading, requests: [nav, ...requests] };
  } finally {
    await context.close();
  }
}
