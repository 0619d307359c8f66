// Soak: mixed traffic at a steady rate against `next start` (the production build, bound to loopback as deployed)
// for SOAK_SECONDS (default 300). Prints per kind of request its count, errors, p50 and p99, and the server's
// resident memory and open file descriptors at minute 1 and at the end. It holds when no request fails and memory
// and descriptors grow less than 10 % between minute 1 and the end.
//
//   npx next build && npx vitest run -c vitest.bench.config.ts bench/soak.bench.ts
//   SOAK_SECONDS=60 …   (a shorter run; growth is then measured from 20 s on)
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { startNextServer } from '@/test/next-server';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const BASELINE_AT_S = Math.min(60, Math.round(SECONDS / 3));
const PORT = Number(process.env.SOAK_PORT ?? 3411);
const BASE = `http://127.0.0.1:${PORT}`;
// One operation starts every TICK_MS, whatever the others are doing: a steady rate, not a closed loop.
const TICK_MS = 120;

let site: FixtureSite;
let server: ChildProcess;
let dataDir: string;

beforeAll(async () => {
  if (!existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) throw new Error('run `npx next build` first: the soak runs the production server');
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-soak-'));
  site = await startFixtureSite();
  server = await startNextServer(PORT, {
    DATA_DIR: dataDir,
    MEDIA_FETCH_ALLOW: `127.0.0.1:${site.port}`,
    // Virtual visitors are told apart by the address our (pretend) proxy appends.
    TRUST_PROXY: '1',
    ANON_ANALYZE_HOURLY_LIMIT: '1000000',
    USER_ANALYZE_HOURLY_LIMIT: '1000000',
    ANON_DAILY_LIMIT: '1000000',
    USER_DAILY_LIMIT: '1000000',
    API_DAILY_LIMIT: '1000000',
    API_MONTHLY_LIMIT: '1000000',
  });
}, 120_000);

afterAll(async () => {
  server?.kill('SIGTERM');
  await site?.close();
  await new Promise((r) => setTimeout(r, 500));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The server and every process under it (yt-dlp workers, ffmpeg): resident memory (KiB) and open descriptors. */
function footprint(root: number): { rssKiB: number; fds: number } {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let rssKiB = 0;
  let fds = 0;
  const walk = (pid: number) => {
    try {
      rssKiB += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      fds += readdirSync(`/proc/${pid}/fd`).length;
    } catch {
      // gone meanwhile
    }
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return { rssKiB, fds };
}

type Kind = 'page' | 'analyze+sse' | 'download' | 'convert' | 'bulk+zip' | 'api' | 'auth';
const samples = new Map<Kind, number[]>();
const failures: string[] = [];
let visitor = 0;

async function expectOk(kind: Kind, res: Response, what: string): Promise<Response> {
  if (!res.ok) failures.push(`${kind}: ${what} → ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res;
}

const from = () => ({ 'x-forwarded-for': `198.51.100.${(visitor++ % 200) + 1}` });
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST', headers: { 'content-type': 'application/json', origin: BASE, ...headers }, body: JSON.stringify(body),
});

async function analyse(url: string, headers: Record<string, string>) {
  const started = await (await expectOk('analyze+sse', await fetch(`${BASE}/api/analyze`, json({ url, engine: 'native' }, headers)), url)).json();
  let data = started.data;
  if (data.status !== 'ready') {
    const text = await (await fetch(`${BASE}/api/status/${data.jobId}`, { headers: { accept: 'text/event-stream', ...headers } })).text();
    const events = text.split('\n\n').filter((b) => b.startsWith('data: ')).map((b) => JSON.parse(b.slice(6)).data);
    data = events.at(-1);
  }
  if (data?.status !== 'ready') failures.push(`analyze+sse: ${url} ended ${JSON.stringify(data).slice(0, 200)}`);
  return data?.metadata as { id: string } | undefined;
}

let apiToken = '';
let account = { email: '', password: 'soak-password-1' };

const operations: Record<Kind, () => Promise<void>> = {
  async page() {
    for (const p of ['/', '/ar/download']) await expectOk('page', await fetch(`${BASE}${p}`, { headers: from() }), p).then((r) => r.text());
  },
  async 'analyze+sse'() {
    // Half new links (a real analysis), half the same link (the cache).
    const fresh = Math.random() < 0.5 ? `?v=${visitor}` : '';
    await analyse(`${site.origin}/_sw/latency=150/video.mp4${fresh}`, from());
  },
  async download() {
    const media = await analyse(`${site.origin}/video.mp4`, from());
    if (media) await expectOk('download', await fetch(`${BASE}/api/download/${media.id}?itag=mp4-720&ext=mp4`, { headers: from() }), 'mp4').then((r) => r.arrayBuffer());
  },
  async convert() {
    const media = await analyse(`${site.origin}/video.mp4?convert=${visitor % 5}`, from());
    if (media) await expectOk('convert', await fetch(`${BASE}/api/download/${media.id}?itag=mp3-128&ext=mp3`, { headers: from() }), 'mp3').then((r) => r.arrayBuffer());
  },
  async 'bulk+zip'() {
    const headers = from();
    const res = await expectOk('bulk+zip', await fetch(`${BASE}/api/bulk`, json({ urls: [`${site.origin}/video.mp4`, `${site.origin}/audio.mp3`], quality: '360p', format: 'mp4' }, headers)), 'start');
    const { data } = await res.json();
    if (!data?.statusUrl) return;
    for (let i = 0; i < 300; i++) {
      const batch = (await (await fetch(`${BASE}${data.statusUrl}`, { headers })).json()).data;
      if (batch?.done) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await expectOk('bulk+zip', await fetch(`${BASE}${data.zipUrl}`, { headers }), 'zip').then((r) => r.arrayBuffer());
  },
  async api() {
    const res = await fetch(`${BASE}/api/media/analyze`, json({ url: `${site.origin}/video.webm` }, { authorization: `Bearer ${apiToken}` }));
    await expectOk('api', res, 'media/analyze').then((r) => r.json());
  },
  async auth() {
    // Spread over the visitors' addresses: one address may sign in only so often (the login throttle).
    const headers = from();
    const session = (await (await expectOk('auth', await fetch(`${BASE}/api/auth/login`, json(account, headers)), 'login')).json()).data;
    if (!session) return;
    await expectOk('auth', await fetch(`${BASE}/api/auth/me`, { headers: { ...headers, authorization: `Bearer ${session.accessToken}` } }), 'me');
    await expectOk('auth', await fetch(`${BASE}/api/auth/refresh`, json({ refreshToken: session.refreshToken }, headers)), 'refresh');
  },
};

const MIX: Kind[] = ['page', 'page', 'analyze+sse', 'analyze+sse', 'analyze+sse', 'download', 'download', 'convert', 'api', 'api', 'auth', 'bulk+zip'];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

it(`holds ${SECONDS} s of mixed traffic: no error, memory and descriptors flat`, async () => {
  account = { email: `soak-${Date.now()}@example.com`, password: 'soak-password-1' };
  const reg = { 'x-forwarded-for': '203.0.113.50' };
  await fetch(`${BASE}/api/auth/register`, json(account, reg));
  const session = (await (await fetch(`${BASE}/api/auth/login`, json(account, reg))).json()).data;
  apiToken = (await (await fetch(`${BASE}/api/settings/token`, { method: 'POST', headers: { origin: BASE, cookie: `gl_access=${session.accessToken}` } })).json()).data.token;

  const pid = server.pid!;
  const started = performance.now();
  let baseline: ReturnType<typeof footprint> | undefined;
  const running = new Set<Promise<void>>();
  let tick = 0;
  while (performance.now() - started < SECONDS * 1000) {
    const kind = MIX[tick++ % MIX.length];
    const t0 = performance.now();
    const op = operations[kind]()
      .catch((error: unknown) => void failures.push(`${kind}: ${String(error)}`))
      .then(() => void samples.set(kind, [...(samples.get(kind) ?? []), performance.now() - t0]));
    running.add(op);
    void op.finally(() => running.delete(op));
    if (!baseline && performance.now() - started >= BASELINE_AT_S * 1000) baseline = footprint(pid);
    await new Promise((r) => setTimeout(r, TICK_MS));
  }
  await Promise.all(running);
  // Let finished work settle (sockets closed, temp files swept by their own timers) before the last reading.
  await new Promise((r) => setTimeout(r, 3000));
  const end = footprint(pid);
  const base = baseline ?? end;

  const rows = [...samples.entries()].map(([kind, values]) => ({
    kind, count: values.length, p50_ms: Math.round(percentile(values, 50)), p99_ms: Math.round(percentile(values, 99)),
  }));
  console.table(rows);
  const growth = (a: number, b: number) => Math.round(((b - a) / a) * 1000) / 10;
  console.table([
    { figure: 'RSS (MiB)', [`at ${BASELINE_AT_S} s`]: Math.round(base.rssKiB / 1024), end: Math.round(end.rssKiB / 1024), growth_pct: growth(base.rssKiB, end.rssKiB) },
    { figure: 'open fds', [`at ${BASELINE_AT_S} s`]: base.fds, end: end.fds, growth_pct: growth(base.fds, end.fds) },
  ]);
  console.log(`requests: ${rows.reduce((n, r) => n + r.count, 0)} operations, ${failures.length} failed${failures.length ? `:\n${failures.slice(0, 20).join('\n')}` : ''}`);
  expect(failures).toEqual([]);
  expect(growth(base.rssKiB, end.rssKiB)).toBeLessThan(10);
  expect(growth(base.fds, end.fds)).toBeLessThan(10);
}, (SECONDS + 180) * 1000);
