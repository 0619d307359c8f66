// The current engine (Debian unstable's yt-dlp, installed by scripts/engine-install.sh) imports more code than
// Debian 12's: what that costs, against `yt-dlp -J` run on the same engine in the same run.
//   warm-pool analysis                     ≥ 10× faster than `yt-dlp -J` (asserted)
//   first analysis after a pool start      printed: cold (the worker starts with it) and after warm()
//
//   npx vitest run -c vitest.bench.config.ts bench/engine-start.bench.ts
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createYtdlpPool } from '@/lib/media/ytdlp/pool';
import { startTestSite, type TestSite } from '@/lib/media/ytdlp/test-site';
import { printTable, timed } from './ratio-table';
import { referenceEngine as engine, runYtdlp } from './ytdlp-reference';

let site: TestSite;

beforeAll(async () => {
  site = await startTestSite();
  process.env.MEDIA_FETCH_ALLOW = new URL(site.origin).host;
});

afterAll(async () => {
  await site?.close();
  delete process.env.MEDIA_FETCH_ALLOW;
});

let unique = 0;
const fresh = () => `${site.origin}/video.mp4?bench=${(unique += 1)}`;

/** `yt-dlp -J` as a user would run it, on the very engine the pool runs (same PYTHONPATH, Debian's python3). */
const ytdlpJ = (url: string) => runYtdlp(['-J', '--ignore-config', '--no-cache-dir', '--', url], 64 << 20);

it(`engine ${engine.version ?? engine.source}: warm pool ≥ 10× faster than yt-dlp -J; first analysis after a start`, async () => {
  if (engine.source !== 'debian-unstable') console.warn(`[engine-start] the current engine is not installed; measuring ${engine.source}`);
  for (let i = 0; i < 3; i += 1) await timed('yt-dlp -J', () => ytdlpJ(fresh()));

  for (let i = 0; i < 3; i += 1) {
    const cold = createYtdlpPool({ size: 1 });
    await timed('cold start + first analysis', () => cold.extract(fresh()));
    await cold.close();
    const warmed = createYtdlpPool({ size: 1 });
    warmed.warm();
    await timed('warm() until ready', async () => {
      await warmed.version();
      // warm() also runs the request path once per worker; ready means that is done too
      while (warmed.state().busy > 0 || warmed.state().queued > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    });
    await timed('first analysis after warm()', () => warmed.extract(fresh()));
    for (let j = 0; j < 7; j += 1) await timed('warm-pool analysis', () => warmed.extract(fresh()));
    await warmed.close();
  }

  printTable(`engine start (yt-dlp ${engine.version ?? '?'}, ${engine.source}): ratio = yt-dlp -J ÷ ours`, [
    { label: 'warm-pool analysis', reference: 'yt-dlp -J', candidate: 'warm-pool analysis', target: '≥ 10×', as: 'speed' },
    { label: 'first analysis after warm()', reference: 'yt-dlp -J', candidate: 'first analysis after warm()', target: '—', as: 'speed' },
    { label: 'cold start + first analysis', reference: 'yt-dlp -J', candidate: 'cold start + first analysis', target: '—', as: 'speed' },
    { label: 'warm() until ready (no analysis)', reference: 'yt-dlp -J', candidate: 'warm() until ready', target: '—', as: 'speed' },
  ]);
  const { seconds } = await import('./ratio-table');
  expect(seconds['yt-dlp -J'] / seconds['warm-pool analysis']).toBeGreaterThanOrEqual(10);
});
