// What a visitor's browser pays for each page, against the framework it is built on and the targets: first-load
// JavaScript (every script the HTML loads, gzipped -9, without the noModule polyfills) at most 20 KB above the
// framework floor on home, the platform landing pages and /download, at most 45 KB above it on the dashboard's pages;
// HTML ≤ 60 KB uncompressed; the Largest Contentful Paint of /download with a result < 1 s in headless Chromium on
// localhost and < 2.5 s on a throttled phone (Slow 4G, CPU ÷ 4). The floor is a hello-world App Router page with one
// client island (bench/pages-floor.ts), built in the same run by the project's own `next` (Turbopack, as ours): what
// React, the router and the bundler's runtime weigh with this very version. Our pages are the production build that
// is there (this bench does not build them); it fails when a target is missed, and prints one table.
//
//   npx next build && npx vitest run -c vitest.bench.config.ts bench/pages.bench.ts
//   PAGES_PORT=3601 PAGES_FIXTURE_PORT=3602 PAGES_FLOOR_PORT=3603 …   (ports of its own)
//   PAGES_SHOTS=dir …     (also screenshots home, /download with a result and the dashboard into dir, to compare)
//   PAGES_SCRIPTS=1 …     (also lists each script of home, the dashboard's pages and the floor with its size)
//   PAGES_TIMELINE=1 …    (also lists the requests of the median LCP run, to see what the paint waited on)
//   PAGES_HTML=dir …      (also writes each page's HTML into dir, to see what makes it weigh)
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { startNextServer } from '@/test/next-server';
import { buildFloorApp, startFloorServer } from './pages-floor';
import { launchChromium, measureLcp } from './pages-lcp';
import { takeScreenshots } from './pages-shots';
import { kb, weighPage, type PageWeight } from './pages-size';

const PORT = Number(process.env.PAGES_PORT ?? 3601);
const FIXTURE_PORT = Number(process.env.PAGES_FIXTURE_PORT ?? 3602);
const FLOOR_PORT = Number(process.env.PAGES_FLOOR_PORT ?? 3603);
const BASE = `http://127.0.0.1:${PORT}`;
const BUILD_DIR = path.join(process.cwd(), '.next');

/** First-load JavaScript above the floor: home, landing pages and /download; the dashboard's pages. */
const OVER_FLOOR_PUBLIC = 20_000;
const OVER_FLOOR_DASHBOARD = 45_000;
const HTML_TARGET = 60_000;
const LCP_LOCAL_MS = 1000;
const LCP_PHONE_MS = 2500;

let site: FixtureSite;
let server: ChildProcess;
let floorServer: ChildProcess;
let floor: PageWeight;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  if (!existsSync(path.join(BUILD_DIR, 'BUILD_ID'))) throw new Error('run `npx next build` first: the bench weighs the production build');
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-pages-'));
  site = await startFixtureSite({ port: FIXTURE_PORT });
  server = await startNextServer(PORT, {
    DATA_DIR: dataDir,
    MEDIA_FETCH_ALLOW: `127.0.0.1:${site.port}`,
    SITE_URL: BASE,
    CREATOR_SOURCES_JSON: JSON.stringify({ 'fixture-channel': `${site.origin}/pages/channel.html` }),
  });
  browser = await launchChromium();
  const floorBuild = buildFloorApp();
  floorServer = await startFloorServer(FLOOR_PORT);
  floor = await weighPage(`http://127.0.0.1:${FLOOR_PORT}`, '/', { buildDir: floorBuild });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
  floorServer?.kill('SIGTERM');
  await site?.close();
  await new Promise((r) => setTimeout(r, 500));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A new account's session cookies, for the dashboard's pages. */
const account = { email: `bench-${Date.now()}@example.com`, password: 'correct horse battery' };

async function signedInCookie(): Promise<string> {
  const post = (p: string) => fetch(BASE + p, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
  expect((await post('/api/auth/register')).status).toBe(201);
  const login = await post('/api/auth/login');
  expect(login.ok).toBe(true);
  return login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

it('every page within its weight, /download with a result painted in time', async () => {
  const result = `/download?url=${encodeURIComponent(`${site.origin}/pages/og-video.html`)}`;
  const landing = ['/youtube-downloader', '/tiktok-downloader', '/instagram-downloader', '/facebook-downloader', '/twitter-downloader'];
  const homeLike = ['/', '/ar', '/fr', '/ar-EG', '/download', ...landing];
  const publicRoutes = [...homeLike, result, '/bulk', '/download/fixture-channel', '/login', '/register'];
  const dashboardRoutes = ['/dashboard', '/dashboard/history', '/dashboard/settings', '/dashboard/api'];
  const cookie = await signedInCookie();
  const weights: PageWeight[] = [];
  for (const route of publicRoutes) weights.push(await weighPage(BASE, route, { buildDir: BUILD_DIR }));
  for (const route of dashboardRoutes) weights.push(await weighPage(BASE, route, { buildDir: BUILD_DIR, cookie }));

  // What every page loads: React, Next's router and the bundler's runtime (the floor's weight, which no page's own
  // code can lower), then the translation runtime and the header's islands every layout has.
  const shared = weights[0].scripts.filter((s) => weights.every((w) => w.scripts.some((o) => o.src === s.src)));
  const sharedGzip = shared.reduce((sum, s) => sum + s.gzip, 0);
  const overFloorTarget = (route: string) =>
    homeLike.includes(route) ? OVER_FLOOR_PUBLIC : dashboardRoutes.includes(route) ? OVER_FLOOR_DASHBOARD : undefined;
  const rows: string[] = [];
  const missed: string[] = [];
  for (const w of weights) {
    const over = w.jsGzipBytes - floor.jsGzipBytes;
    const target = overFloorTarget(w.route);
    const js = target === undefined || over <= target;
    const html = w.htmlBytes <= HTML_TARGET;
    const name = w.route.length > 40 ? `${w.route.slice(0, 37)}…` : w.route;
    const jsMark = target === undefined ? '—' : `${mark(js)} ≤${kb(target)}`;
    rows.push(`${name.padEnd(40)} ${String(w.status).padEnd(4)} ${kb(w.jsGzipBytes).padStart(9)} ${`+${kb(over)}`.padStart(9)} ${jsMark.padEnd(14)} ${kb(w.htmlBytes).padStart(9)} ${mark(html)}`);
    if (w.status !== 200) missed.push(`${w.route}: status ${w.status}`);
    if (!js) missed.push(`${w.route}: first-load JS ${kb(w.jsGzipBytes)}, ${kb(over)} above the floor > ${kb(target!)}`);
    if (!html) missed.push(`${w.route}: HTML ${kb(w.htmlBytes)} > ${kb(HTML_TARGET)}`);
  }

  if (process.env.PAGES_SCRIPTS) {
    const dashboards = weights.filter((w) => dashboardRoutes.includes(w.route));
    for (const w of [weights[0], ...dashboards, floor]) {
      console.log(`${w === floor ? 'floor' : w.route === '/' ? 'home' : w.route}:`);
      for (const s of w.scripts) console.log(`${kb(s.gzip).padStart(9)} ${kb(s.raw).padStart(9)} ${s.src}`);
    }
  }
  if (process.env.PAGES_HTML) {
    const dir = path.resolve(process.env.PAGES_HTML);
    mkdirSync(dir, { recursive: true });
    for (const w of weights) writeFileSync(path.join(dir, `${w.route.split('?')[0].replace(/^\//, '').replaceAll('/', '_') || 'home'}${w.route.includes('?') ? '-result' : ''}.html`), w.html);
  }
  if (process.env.PAGES_SHOTS) {
    const files = await takeScreenshots(browser, { base: BASE, dir: path.resolve(process.env.PAGES_SHOTS), resultPath: result, account });
    console.log(`screenshots: ${files.join(' ')}`);
  }

  // Warm the server's analysis once (a visitor's first analysis of a link is not what the paint measures).
  await measureLcp(browser, BASE + result, '[data-testid=result-card]', false);
  const lcp: string[] = [];
  for (const [label, phone, target] of [['localhost', false, LCP_LOCAL_MS], ['phone (Slow 4G, CPU ÷ 4)', true, LCP_PHONE_MS]] as const) {
    const readings = [];
    for (let i = 0; i < 5; i++) readings.push(await measureLcp(browser, BASE + result, '[data-testid=result-card]', phone, !!process.env.PAGES_TIMELINE));
    const median = [...readings].sort((a, b) => a.lcpMs - b.lcpMs)[2];
    const ok = median.lcpMs < target;
    lcp.push(`LCP /download with a result, ${label}: ${median.lcpMs} ms (${readings.map((r) => r.lcpMs).join(', ')}) target < ${target} ms ${mark(ok)} — ${median.element}`);
    if (!ok) missed.push(`LCP ${label}: ${median.lcpMs} ms ≥ ${target} ms`);
    if (median.requests) lcp.push(...median.requests.map((r) => `    ${r}`));
  }

  console.log(
    [
      `framework floor (hello-world App Router page, one client island, same next, same run): ${kb(floor.jsGzipBytes)} gzipped in ${floor.scripts.length} scripts, HTML ${kb(floor.htmlBytes)}`,
      `${'route'.padEnd(40)} ${'code'} ${'JS (gzip)'.padStart(9)} ${'− floor'.padStart(9)} ${'target'.padEnd(14)} ${'HTML'.padStart(9)} ≤${kb(HTML_TARGET)}`,
      ...rows,
      `scripts every page loads (framework, translation runtime, header): ${kb(sharedGzip)} gzipped in ${shared.length} files`,
      '',
      ...lcp,
    ].join('\n'),
  );
  expect(missed).toEqual([]);
}, 10 * 60_000);
