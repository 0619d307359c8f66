import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { POPULAR_CREATORS } from './lib/creators/popular';
import { ONE_CLIENT_SUITE_LIMITS } from './test/next-server';
import { recordedYtdlpPath } from './test/fixtures/ytdlp-recorded';

const PORT = Number(process.env.E2E_PORT ?? 3123);
export const FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? 4555);
const baseURL = `http://127.0.0.1:${PORT}`;
const FIXTURE = `http://127.0.0.1:${FIXTURE_PORT}`;
/**
 * This run's data and temp folders, new and empty before the web server starts (global setup runs only once the
 * server is up: too late to clear a folder it already uses) and shared with no other process on the machine. Made
 * once, in the runner; its workers inherit the variable and so read the same folder.
 */
export const E2E_RUN_DIR = (process.env.E2E_RUN_DIR ??= mkdtempSync(join(tmpdir(), `grabline-e2e-${PORT}-`)));
/** The e2e server's library folder (LIBRARY_DIR): e2e/library.spec.ts reads what it wrote there. */
export const E2E_LIBRARY_DIR = join(E2E_RUN_DIR, 'library');
/** The scraper's token of the e2e server (e2e/metrics.spec.ts); a test value, never a deployment's. */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789';
// Tests never touch the internet: the popular creators' real profiles are replaced by a fixture page that answers 503,
// so their pages show the "can't be loaded right now" state; one fixture channel stands for a creator whose page can be read.
/** One YouTube-shaped channel per follow e2e test, so parallel tests never share a fixture creator's uploads. */
export const FOLLOW_CHANNELS = ['UCe2efollowxxxxxxxxxx0en', 'UCe2efollowxxxxxxxxxx0ar'];
const CREATOR_SOURCES = {
  ...Object.fromEntries(POPULAR_CREATORS.map(({ slug }) => [slug, `${FIXTURE}/_sw/status=503/pages/channel.html`])),
  'fixture-channel': `${FIXTURE}/pages/channel.html`,
  // Creators followed by e2e/follow.spec.ts: YouTube channels whose feed the fixture site serves (FOLLOW_YOUTUBE_FEED_URL).
  ...Object.fromEntries(FOLLOW_CHANNELS.map((id, n) => [`follow-feed-${n}`, `https://www.youtube.com/channel/${id}`])),
};

// Debian's Chromium, never a downloaded browser; flags that keep it off the (closed) network.
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

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // Bound to loopback, as behind a reverse proxy: the whole suite runs the way Grabline is deployed.
    command: `npx next start -H 127.0.0.1 -p ${PORT}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: !!process.env.E2E_REUSE,
    timeout: 120_000,
    env: {
      NEXT_TELEMETRY_DISABLED: '1',
      DATA_DIR: join(E2E_RUN_DIR, 'data'),
      TEMP_DIR: join(E2E_RUN_DIR, 'temp'),
      MEDIA_FETCH_ALLOW: new URL(FIXTURE).host,
      // SponsorBlock is the fixture site's stub: a YouTube download never reaches the internet.
      SPONSORBLOCK_URL: FIXTURE,
      // yt-dlp as the server would run it, plus a test plugin answering the recorded YouTube links
      // (test/fixtures/ytdlp-recorded.ts) with media on the fixture site; any other link goes to yt-dlp's extractors.
      YTDLP_PYTHONPATH: recordedYtdlpPath(join(E2E_RUN_DIR, 'ytdlp-recorded'), FIXTURE),
      SITE_URL: baseURL,
      CREATOR_SOURCES_JSON: JSON.stringify(CREATOR_SOURCES),
      ...ONE_CLIENT_SUITE_LIMITS,
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      FOLLOW_YOUTUBE_FEED_URL: `${FIXTURE}/creators/feeds/videos.xml`,
      // Follows may download in the background (auto mode), into the library folder too.
      FOLLOW_AUTO: 'on',
      LIBRARY_DIR: E2E_LIBRARY_DIR,
    },
  },
});
