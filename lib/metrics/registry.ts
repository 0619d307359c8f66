import 'server-only';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus figures, in a registry of our own (never prom-client's global one). Every label is a
 * bounded value — a route pattern, a method, a status, an error code, a platform, an engine, a job kind —
 * never a link, id, title, address or token. Figures are this process's own.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  failures: Counter<'source' | 'code'>;
  analysisDuration: Histogram<'platform' | 'engine' | 'outcome'>;
  downloadDuration: Histogram<'phase' | 'platform' | 'engine' | 'outcome'>;
  deliveredBytes: Counter<'platform' | 'engine'>;
  jobsQueued: Gauge<'kind'>;
  jobsRunning: Gauge<'kind'>;
  breakerState: Gauge<'platform' | 'state'>;
  engineInfo: Gauge<'engine' | 'version' | 'source'>;
}

/** Current-state figures are read when scraped (collect), from whoever registered a reader; no timer. */
export interface MetricReaders {
  jobs?: () => Record<string, { running: number; waiting: number }>;
  breakers?: () => Record<string, string>;
  engine?: () => Promise<{ engine: string; version: string; source: string }[]>;
}

function create(readers: MetricReaders): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'grabline_http_requests_total', help: 'API requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'], registers,
    }),
    httpDuration: new Histogram({
      name: 'grabline_http_request_duration_seconds', help: 'Time to the API answer (headers; a streamed body goes on), by method and route pattern.',
      labelNames: ['method', 'route'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30], registers,
    }),
    failures: new Counter({
      name: 'grabline_failures_total',
      help: 'Failures by stable error code; source is where: api (an error answer), analysis, prepare, download (a job), bulk (an item).',
      labelNames: ['source', 'code'], registers,
    }),
    analysisDuration: new Histogram({
      name: 'grabline_analysis_duration_seconds', help: 'Analyses that really ran (not cached answers), by platform, engine and outcome.',
      labelNames: ['platform', 'engine', 'outcome'], buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120], registers,
    }),
    downloadDuration: new Histogram({
      name: 'grabline_download_duration_seconds',
      help: 'Downloads by phase: prepare (fetch, merge or convert into the temp store) and deliver (a file request to its last byte), by platform and engine.',
      labelNames: ['phase', 'platform', 'engine', 'outcome'], buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800], registers,
    }),
    deliveredBytes: new Counter({
      name: 'grabline_delivered_bytes_total', help: 'Bytes of downloaded files handed to clients, by platform and engine.',
      labelNames: ['platform', 'engine'], registers,
    }),
    jobsQueued: new Gauge({
      name: 'grabline_jobs_queued', help: 'Jobs waiting for a slot in this process, by kind (analysis, download, bulk).',
      labelNames: ['kind'], registers,
      collect() {
        this.reset();
        for (const [kind, load] of Object.entries(readers.jobs?.() ?? {})) this.set({ kind }, load.waiting);
      },
    }),
    jobsRunning: new Gauge({
      name: 'grabline_jobs_running', help: 'Jobs running in this process, by kind (analysis, download, bulk).',
      labelNames: ['kind'], registers,
      collect() {
        this.reset();
        for (const [kind, load] of Object.entries(readers.jobs?.() ?? {})) this.set({ kind }, load.running);
      },
    }),
    breakerState: new Gauge({
      name: 'grabline_platform_breaker_state',
      help: "Each platform's circuit breaker: 1 on its current state (closed, open, trial), 0 on the others.",
      labelNames: ['platform', 'state'], registers,
      collect() {
        this.reset();
        for (const [platform, current] of Object.entries(readers.breakers?.() ?? {})) {
          for (const state of ['closed', 'open', 'trial']) this.set({ platform, state }, state === current ? 1 : 0);
        }
      },
    }),
    engineInfo: new Gauge({
      name: 'grabline_engine_info', help: 'The analysis engine in use (always 1): its version and where it comes from.',
      labelNames: ['engine', 'version', 'source'], registers,
      async collect() {
        this.reset();
        for (const info of (await readers.engine?.()) ?? []) this.set(info, 1);
      },
    }),
  };
}

const holder = globalThis as typeof globalThis & { __grablineMetrics?: { metrics: Metrics; readers: MetricReaders } };

function state() {
  if (!holder.__grablineMetrics) {
    const readers: MetricReaders = {};
    holder.__grablineMetrics = { metrics: create(readers), readers };
  }
  return holder.__grablineMetrics;
}

/** The process's metrics (on globalThis: Next dev reloads must not register them twice). */
export const metrics = (): Metrics => state().metrics;

/** Where the current-state gauges read from (the composition root sets them once). */
export function setMetricReaders(readers: MetricReaders): void {
  Object.assign(state().readers, readers);
}

/** The Prometheus text exposition of everything above. */
export async function scrape(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
