// What /metrics costs the analysis path (issue: the operator's seat, metrics): the work the figures add to one analysis
// request, measured beside that request's own time in the same run; target ≤ 2 %. Also the time one scrape takes.
//
//   npx vitest run -c vitest.bench.config.ts bench/metrics-overhead.bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POST as mediaAnalyzePost } from '@/app/api/media/analyze/route';
import { GET as metricsGet } from '@/app/metrics/route';
import { closeDb } from '@/lib/db';
import { engineEvents } from '@/lib/events';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import { observeRequest } from '@/lib/metrics/record';
import { routePattern } from '@/lib/metrics/route-pattern';
import { services } from '@/lib/server';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';

const TOKEN = 'bench-metrics-token-0123456789';
let site: FixtureSite;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-bench-metrics-'));
  Object.assign(process.env, { DATA_DIR: dataDir, ANON_DAILY_LIMIT: '100000', METRICS_TOKEN: TOKEN });
  site = await startFixtureSite();
  process.env.MEDIA_FETCH_ALLOW = `127.0.0.1:${site.port}`;
  services(); // the metrics subscribe to the engine's reports here
});

afterAll(async () => {
  await getYtdlpPool().close();
  await site.close();
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
let unique = 0;

async function analyseOnce(): Promise<number> {
  const body = JSON.stringify({ url: `${site.origin}/video.mp4?bench=${(unique += 1)}`, engine: 'native' });
  const req = new NextRequest('http://localhost/api/media/analyze', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  const start = performance.now();
  const res = await mediaAnalyzePost(req, { params: Promise.resolve({}) });
  await res.arrayBuffer();
  const ms = performance.now() - start;
  expect(res.status).toBe(200);
  return ms;
}

it('adds at most 2 % to an analysis request', async () => {
  for (let i = 0; i < 20; i += 1) await analyseOnce(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < 200; i += 1) samples.push(await analyseOnce());
  const request = median(samples);

  // Exactly what the figures add to one such request: the route pattern and the request's counter and histogram
  // (route wrapper), and the analysis report through the engine bus into its histogram.
  const bus = engineEvents();
  const rounds = 20_000;
  const start = performance.now();
  for (let i = 0; i < rounds; i += 1) {
    const route = routePattern('/api/media/analyze', {});
    observeRequest({ method: 'POST', route, status: 200, seconds: 0.004 });
    void bus.emit('media.analysed', { platform: 'generic', engine: 'native', seconds: 0.003 });
  }
  const added = (performance.now() - start) / rounds;

  const scrapes: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const t = performance.now();
    const res = await metricsGet(new NextRequest('http://localhost/metrics', { headers: { authorization: `Bearer ${TOKEN}` } }), { params: Promise.resolve({}) });
    await res.text();
    scrapes.push(performance.now() - t);
  }
  const share = added / request;
  console.log(
    `\n### /metrics overhead\nanalysis request (native, fixture MP4, median of 200): ${request.toFixed(2)} ms\n` +
      `figures added per request (mean of ${rounds}): ${(added * 1000).toFixed(1)} µs = ${(share * 100).toFixed(3)} % (target ≤ 2 %)\n` +
      `one scrape (median of 20): ${median(scrapes).toFixed(2)} ms — every 15 s that is ${((median(scrapes) / 15_000) * 100).toFixed(3)} % of one core`,
  );
  expect(share).toBeLessThanOrEqual(0.02);
});
