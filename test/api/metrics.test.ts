import '@/lib/auth/next-intl-node.testkit';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as analyzePost } from '@/app/api/analyze/route';
import { POST as bulkPost } from '@/app/api/bulk/route';
import { POST as startDownload } from '@/app/api/media/download/route';
import { GET as progressGet } from '@/app/api/media/progress/[id]/route';
import { GET as statusGet } from '@/app/api/status/[jobId]/route';
import { GET as metricsGet } from '@/app/metrics/route';
import type { DownloadProgress } from '@/lib/downloads/download-job-schemas';
import type { JobSnapshot } from '@/lib/downloads/analyses';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import proxy from '@/proxy';
import { bodyOf, probeBody, requestDownload, startDownloadEnv, until } from './download.testkit';

const TOKEN = 'metrics-test-token-0123456789';
const noParams = { params: Promise.resolve({}) };

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv({ METRICS_TOKEN: TOKEN, MAX_DOWNLOADS_PER_IP: '100', ANON_ANALYZE_HOURLY_LIMIT: '1000' });
});
afterAll(async () => {
  await getYtdlpPool().close();
  await env?.close();
});

// ---- reading the exposition -------------------------------------------------------------------------------

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text format 0.0.4: `name{label="value",…} number` per line; comments and blank lines skipped. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(/(?<![a-zA-Z0-9_])([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[label[1]] = label[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of every sample of `name` whose labels include `where`. */
const total = (samples: Sample[], name: string, where: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

const authorised = (token = TOKEN) => ({ authorization: `Bearer ${token}` });

function getMetrics(headers: Record<string, string> = {}): Promise<Response> {
  return metricsGet(new NextRequest('http://localhost/metrics', { headers }), noParams);
}

async function scrape(): Promise<Sample[]> {
  const res = await getMetrics(authorised());
  expect(res.status).toBe(200);
  return parseExposition(await res.text());
}

// ---- driving the product ----------------------------------------------------------------------------------

async function analyse(url: string): Promise<JobSnapshot & { jobId: string }> {
  const req = new NextRequest('http://localhost/api/analyze', {
    method: 'POST', body: JSON.stringify({ url }), headers: { 'content-type': 'application/json' },
  });
  const res = await analyzePost(req, noParams);
  const json = (await res.json()) as { success: boolean; data: JobSnapshot & { jobId: string }; code?: string };
  if (!json.success) return { jobId: '', status: 'error', progress: 100, code: json.code } as JobSnapshot & { jobId: string };
  const { jobId } = json.data;
  for (let i = 0; i < 600; i++) {
    const status = await statusGet(new NextRequest(`http://localhost/api/status/${jobId}`), { params: Promise.resolve({ jobId }) });
    const { data } = (await status.json()) as { data: JobSnapshot };
    if (data.status === 'ready' || data.status === 'error') return { ...data, jobId };
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('analysis never finished');
}

async function download(url: string): Promise<{ id: string; last: DownloadProgress }> {
  const req = new NextRequest('http://localhost/api/media/download', {
    method: 'POST', body: JSON.stringify({ url, quality: '720p', format: 'mp4' }), headers: { 'content-type': 'application/json' },
  });
  const json = (await (await startDownload(req, noParams)).json()) as { data: { downloadId: string } };
  const id = json.data.downloadId;
  for (let i = 0; i < 1500; i++) {
    const res = await progressGet(new NextRequest(`http://localhost/api/media/progress/${id}`), { params: Promise.resolve({ id }) });
    const { data } = (await res.json()) as { data: DownloadProgress };
    if (data.status === 'ready' || data.status === 'failed') return { id, last: data };
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('download never finished');
}

function fetchFile(downloadUrl: string): Promise<Response> {
  const url = new URL(downloadUrl, 'http://localhost');
  return requestDownload(url.pathname.split('/').pop()!, url.searchParams.get('itag')!, { ext: url.searchParams.get('ext') ?? undefined });
}

// ---- the tests --------------------------------------------------------------------------------------------

describe('who may read /metrics', () => {
  const visit = (pathname: string, headers: Record<string, string> = {}) =>
    proxy(new NextRequest(new URL(pathname, 'http://localhost'), { headers }));

  it('the handler answers 404 without METRICS_TOKEN, with no credential and with any wrong one', async () => {
    const saved = process.env.METRICS_TOKEN;
    delete process.env.METRICS_TOKEN;
    try {
      expect((await getMetrics(authorised())).status).toBe(404);
    } finally {
      process.env.METRICS_TOKEN = saved;
    }
    for (const headers of [
      {}, authorised('metrics-test-token-012345678'), authorised(`${TOKEN}x`), authorised(TOKEN.toUpperCase()),
      { authorization: `Basic ${TOKEN}` }, { authorization: TOKEN }, { authorization: `Bearer ${TOKEN} extra` },
    ]) {
      const res = await getMetrics(headers);
      expect(res.status, JSON.stringify(headers)).toBe(404);
      const text = await res.text();
      expect(text).not.toContain('grabline_');
      expect(text.toLowerCase()).not.toMatch(/token|metrics|bearer/);
    }
  });

  it('the proxy hands /metrics without the right token to the locale routing, exactly like an unknown page', async () => {
    for (const headers of [{}, authorised('a-wrong-token-of-enough-length'), { authorization: `Basic ${TOKEN}` }]) {
      const metrics = await visit('/metrics', headers);
      const unknown = await visit('/no-such-page', headers);
      expect(metrics.status).toBe(unknown.status);
      expect(metrics.headers.get('x-middleware-rewrite')).toBe('http://localhost/en/metrics');
      expect(unknown.headers.get('x-middleware-rewrite')).toBe('http://localhost/en/no-such-page');
      expect(metrics.headers.get('x-middleware-next')).toBeNull();
    }
    // A stored language choice sends both to that language's (404) page, the same way.
    const cookie = { cookie: 'NEXT_LOCALE=ar' };
    expect((await visit('/metrics', cookie)).headers.get('location')).toBe('http://localhost/ar/metrics');
    expect((await visit('/no-such-page', cookie)).headers.get('location')).toBe('http://localhost/ar/no-such-page');
  });

  it('the proxy passes /metrics with the right token through, unlocalized, with the API headers', async () => {
    const res = await visit('/metrics', { ...authorised(), cookie: 'NEXT_LOCALE=ar' });
    expect(res.headers.get('x-middleware-next')).toBe('1');
    expect(res.headers.get('x-middleware-rewrite')).toBeNull();
    expect(res.headers.get('location')).toBeNull();
    const api = await visit('/api/health');
    expect(res.headers.get('content-security-policy')).toBe(api.headers.get('content-security-policy'));
    expect(res.headers.get('content-security-policy')).not.toContain('nonce');
  });

  it('with the right token: 200 in Prometheus text format 0.0.4', async () => {
    const res = await getMetrics(authorised());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toMatch(/^# HELP grabline_http_requests_total /m);
    expect(text).toMatch(/^# TYPE grabline_analysis_duration_seconds histogram$/m);
    expect(parseExposition(text).length).toBeGreaterThan(20);
  });
});

describe('what /metrics counts', () => {
  let before: Sample[];
  let after: Sample[];
  let file: Buffer;
  const ids: string[] = [];

  beforeAll(async () => {
    before = await scrape();
    const analysed = await analyse(`${env.site.origin}/video.mp4?metrics=1`);
    expect(analysed.status).toBe('ready');
    ids.push(analysed.jobId, analysed.metadata!.id);
    const refused = await analyse('not a link at all');
    expect(refused.code).toBe('invalid_url');
    const failedRun = await analyse(`${env.site.origin}/missing.mp4?metrics=2`);
    expect(failedRun.status).toBe('error');
    ids.push(failedRun.jobId);
    const { id, last } = await download(`${env.site.origin}/hls/master.m3u8?metrics=3`);
    expect(last.status).toBe('ready');
    ids.push(id);
    const res = await fetchFile(last.downloadUrl!);
    expect(res.status).toBe(200);
    file = await bodyOf(res);
    ids.push(new URL(last.downloadUrl!, 'http://localhost').pathname.split('/').pop()!);
    const failedJob = await download(`${env.site.origin}/missing.mp4?metrics=5`);
    expect(failedJob.last.status).toBe('failed');
    ids.push(failedJob.id);
    after = await scrape();
  }, 120_000);

  const moved = (name: string, where: Record<string, string> = {}) => total(after, name, where) - total(before, name, where);

  it('counts requests by route pattern and status, never by the path with its id', () => {
    expect(moved('grabline_http_requests_total', { method: 'POST', route: '/api/analyze', status: '200' })).toBe(2);
    expect(moved('grabline_http_requests_total', { method: 'POST', route: '/api/analyze', status: '422' })).toBe(1);
    expect(moved('grabline_http_requests_total', { method: 'POST', route: '/api/media/download', status: '200' })).toBe(2);
    expect(moved('grabline_http_requests_total', { route: '/api/media/progress/[id]', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(moved('grabline_http_requests_total', { route: '/api/status/[jobId]', status: '200' })).toBeGreaterThanOrEqual(2);
    expect(moved('grabline_http_requests_total', { route: '/api/download/[id]', status: '200' })).toBe(1);
    expect(moved('grabline_http_request_duration_seconds_count', { route: '/api/download/[id]' })).toBe(1);
    // The scrape before counted itself once it had answered.
    expect(total(after, 'grabline_http_requests_total', { route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(2);
  });

  it('counts failures by their stable code', () => {
    expect(moved('grabline_failures_total', { source: 'api', code: 'invalid_url' })).toBe(1);
    // The missing file, once asked to analyse and once to download: each analysis ran and failed.
    expect(moved('grabline_failures_total', { source: 'analysis' })).toBe(2);
    expect(moved('grabline_analysis_duration_seconds_count', { platform: 'generic', outcome: 'failed' })).toBe(2);
    // The failed download job counts under its kind, with the same code its progress showed.
    const jobFailures = after.filter((s) => s.name === 'grabline_failures_total' && s.labels.source === 'download');
    expect(moved('grabline_failures_total', { source: 'download' })).toBe(1);
    expect(jobFailures.map((s) => s.labels.code)).toEqual(after.filter((s) => s.name === 'grabline_failures_total' && s.labels.source === 'analysis').map((s) => s.labels.code));
  });

  it('times analyses that ran, by platform and engine (the download reused the cache only for its own link)', () => {
    // The fixture MP4 and the HLS master each ran once, both natively; the missing file failed.
    expect(moved('grabline_analysis_duration_seconds_count', { platform: 'generic', engine: 'native', outcome: 'ok' })).toBe(2);
    const sum = moved('grabline_analysis_duration_seconds_sum', { platform: 'generic', engine: 'native', outcome: 'ok' });
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(60);
  });

  it('times the preparation and the delivery, and counts the bytes delivered exactly', () => {
    expect(moved('grabline_download_duration_seconds_count', { phase: 'prepare', platform: 'generic', engine: 'native', outcome: 'ok' })).toBe(1);
    expect(moved('grabline_download_duration_seconds_count', { phase: 'deliver', platform: 'generic', engine: 'native', outcome: 'ok' })).toBe(1);
    expect(file.length).toBeGreaterThan(10_000);
    expect(moved('grabline_delivered_bytes_total', { platform: 'generic', engine: 'native' })).toBe(file.length);
  });

  it('the delivered file is real media', async () => {
    const probe = await probeBody(env.root, 'metrics-delivered.mp4', file);
    expect(probe.formatName).toContain('mp4');
    expect(probe.duration).toBeGreaterThan(0.5);
    expect(probe.streams.map((s) => s.codecType).sort()).toEqual(['audio', 'video']);
    console.info('[metrics test] delivered file:', file.length, 'bytes,', JSON.stringify({ format: probe.formatName, duration: probe.duration, streams: probe.streams.map((s) => `${s.codecType}:${s.codecName}${s.width ? ` ${s.width}x${s.height}` : ''}`) }));
  });

  it('reads queue depth and running jobs, breaker state and the engine at scrape time', () => {
    for (const kind of ['analysis', 'download', 'bulk']) {
      expect(after.some((s) => s.name === 'grabline_jobs_queued' && s.labels.kind === kind), kind).toBe(true);
      expect(total(after, 'grabline_jobs_running', { kind })).toBe(0);
    }
    for (const platform of ['youtube', 'tiktok', 'instagram', 'facebook', 'twitter']) {
      expect(total(after, 'grabline_platform_breaker_state', { platform, state: 'closed' })).toBe(1);
      expect(total(after, 'grabline_platform_breaker_state', { platform, state: 'open' })).toBe(0);
    }
    const engine = after.filter((s) => s.name === 'grabline_engine_info');
    expect(engine).toHaveLength(1);
    expect(engine[0]).toMatchObject({ value: 1, labels: { engine: 'ytdlp' } });
    expect(engine[0].labels.version).toMatch(/^(\d{4}\.\d{2}\.\d{2}\S*|unknown)$/);
    expect(['debian-unstable', 'debian', 'custom']).toContain(engine[0].labels.source);
  });

  it('never puts an id, a link or an address in a label', () => {
    expect(ids.filter(Boolean).length).toBeGreaterThanOrEqual(4);
    const values = after.flatMap((s) => Object.values(s.labels));
    for (const value of values) {
      expect(value).not.toMatch(/https?:|127\.0\.0\.1|localhost|\?|metrics=|\.mp4|\.m3u8/);
      for (const id of ids.filter(Boolean)) expect(value).not.toContain(id);
    }
    const routes = new Set(after.filter((s) => s.name === 'grabline_http_requests_total').map((s) => s.labels.route));
    expect(routes.size).toBeGreaterThanOrEqual(6);
    for (const route of routes) expect(route).toMatch(/^\/[a-z0-9./_-]*(\/\[[a-zA-Z.]+\][a-z0-9./_-]*)*$/);
  });

  it('shows a download job running while it runs, and no longer once it ended', async () => {
    env.site.setSwitches({ throttle: 300 * 1024 });
    try {
      const running = download(`${env.site.origin}/video.mp4?metrics=4`);
      await until(async () => total(await scrape(), 'grabline_jobs_running', { kind: 'download' }) === 1, 20_000);
      expect((await running).last.status).toBe('ready');
    } finally {
      env.site.resetSwitches();
    }
    expect(total(await scrape(), 'grabline_jobs_running', { kind: 'download' })).toBe(0);
  }, 60_000);
});

describe('the bulk gauges', () => {
  it("show a batch's items running two at a time and the third waiting, then nothing once it ended", async () => {
    env.site.setSwitches({ throttle: 400 * 1024 });
    try {
      const urls = [1, 2, 3].map((n) => `${env.site.origin}/video.mp4?bulk-metrics=${n}`);
      const req = new NextRequest('http://localhost/api/bulk', {
        method: 'POST', body: JSON.stringify({ urls, quality: '720p', format: 'mp4' }), headers: { 'content-type': 'application/json' },
      });
      expect((await bulkPost(req, noParams)).status).toBe(200);
      await until(async () => {
        const now = await scrape();
        return total(now, 'grabline_jobs_running', { kind: 'bulk' }) === 2 && total(now, 'grabline_jobs_queued', { kind: 'bulk' }) === 1;
      }, 20_000);
      await until(async () => {
        const now = await scrape();
        return total(now, 'grabline_jobs_running', { kind: 'bulk' }) + total(now, 'grabline_jobs_queued', { kind: 'bulk' }) === 0;
      }, 60_000);
    } finally {
      env.site.resetSwitches();
    }
  }, 90_000);
});

describe('docs/grafana-dashboard.json', () => {
  const dashboard = JSON.parse(readFileSync(path.join(process.cwd(), 'docs/grafana-dashboard.json'), 'utf8')) as {
    panels: { title: string; targets?: { expr: string }[] }[];
  };

  const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless', 'offset', 'inf', 'nan']);

  /** The metric names a PromQL expression reads: identifiers left once strings, label sets, ranges, groupings and functions are taken out. */
  function metricNames(expr: string): string[] {
    const bare = expr
      .replace(/"(?:[^"\\]|\\.)*"/g, '""')
      .replace(/\{[^{}]*\}/g, ' ')
      .replace(/\[[^[\]]*\]/g, ' ')
      .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
    return [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)]
      .filter((m) => !m[2] && !KEYWORDS.has(m[1].toLowerCase()))
      .map((m) => m[1]);
  }

  it('reads names out of PromQL the way the check below relies on', () => {
    expect(metricNames('histogram_quantile(0.95, sum by (le, route) (rate(grabline_x_bucket{a="b,c"}[5m])))')).toEqual(['grabline_x_bucket']);
    expect(metricNames('sum without (instance) (a_total) / on (job) group_left b')).toEqual(['a_total', 'b']);
    expect(metricNames('max by (platform) (grabline_platform_breaker_state{state="open"}) == 1')).toEqual(['grabline_platform_breaker_state']);
  });

  it('every panel query names only metrics /metrics really serves (scraped after the requests above)', async () => {
    const served = new Set((await scrape()).map((s) => s.name));
    const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((t) => ({ panel: panel.title, expr: t.expr })));
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    expect(exprs.length).toBeGreaterThanOrEqual(dashboard.panels.length);
    for (const { panel, expr } of exprs) {
      const names = metricNames(expr);
      expect(names.length, `${panel}: ${expr}`).toBeGreaterThan(0);
      for (const name of names) expect(served.has(name), `${panel}: ${name}`).toBe(true);
    }
    // Every series /metrics exists for has a panel.
    const used = new Set(exprs.flatMap(({ expr }) => metricNames(expr)));
    for (const name of [
      'grabline_http_requests_total', 'grabline_failures_total', 'grabline_analysis_duration_seconds_bucket',
      'grabline_download_duration_seconds_bucket', 'grabline_delivered_bytes_total', 'grabline_jobs_queued',
      'grabline_jobs_running', 'grabline_platform_breaker_state', 'grabline_engine_info',
    ]) expect(used.has(name), name).toBe(true);
  });
});
