/**
 * Pass-through serving: a fast-start MP4 from the origin, through GET /api/download/{id} behind a socket (answered
 * the way `next start` answers a route), to curl — against curl reading the same file from the origin, in the same
 * run, interleaved, best of N. Also the CPU this process spends per GB served (process.cpuUsage around each
 * transfer; the origin runs in its own process and is not in it), and a check that every byte was counted: the
 * caller's bytes of the day (the daily limit's counter) and the delivered-bytes metric.
 *
 *   npx vitest run -c vitest.bench.config.ts bench/serve.bench.ts   (BENCH_SERVE_BYTES=… for another size; BENCH_ROUNDS=…)
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { GET as downloadGet } from '@/app/api/download/[id]/route';
import { closeDb, getDb } from '@/lib/db';
import { ownerBytesToday } from '@/lib/limits/bytes';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { metrics } from '@/lib/metrics/registry';
import { services } from '@/lib/server';
import { printTable, samples, seconds, timed } from './ratio-table';
import { startRouteServer } from '@/test/route-server';
import { bigMp4UrlPath, ensureBigMp4 } from './serve-media';
import { startSiteProcess } from './site-process';

const BYTES = Number(process.env.BENCH_SERVE_BYTES ?? 512 * 1024 * 1024);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const run = promisify(execFile);

await ensureBigMp4(BYTES);
const work = mkdtempSync(path.join(tmpdir(), 'grabline-bench-serve-'));
Object.assign(process.env, { DATA_DIR: path.join(work, 'data'), TEMP_DIR: path.join(work, 'temp'), MAX_FILESIZE_BYTES: String(4 * BYTES) });
const site = await startSiteProcess();
process.env.MEDIA_FETCH_ALLOW = new URL(site.origin).host;
services(); // the metrics subscribe to the engine's reports here, as in the server
const ours = await startRouteServer([{ method: 'GET', path: /^\/api\/download\/(?<id>[^/]+)$/, handler: downloadGet }]);
/** The floor for any Node server passing a file through: the origin's answer piped into the client's, nothing else. */
const bare = http.createServer((req, res) => {
  http.get(`${site.origin}${req.url}`, (up) => {
    res.writeHead(up.statusCode ?? 502, { 'content-type': up.headers['content-type'] ?? 'application/octet-stream' });
    up.pipe(res);
  }).on('error', () => res.destroy());
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareOrigin = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

afterAll(async () => {
  await ours.close();
  bare.closeAllConnections();
  bare.close();
  site.child.kill();
  await closeDb();
  rmSync(work, { recursive: true, force: true });
});

/** curl to /dev/null; the bytes it got. */
async function curl(url: string): Promise<number> {
  const { stdout } = await run('curl', ['-s', '-f', '-o', '/dev/null', '-w', '%{size_download}', '--', url]);
  return Number(stdout);
}

const delivered = async () => (await metrics().deliveredBytes.get()).values.reduce((sum, v) => sum + v.value, 0);
// The owner a loopback caller's bytes count against: its address's key, as lib/auth/caller.ts derives it.
const owner = `ip:${createHash('sha256').update('127.0.0.1').digest('hex').slice(0, 32)}`;

it(`pass-through of a ${(BYTES / 1024 / 1024).toFixed(0)} MiB MP4: curl from the origin vs curl through /api/download (best of ${ROUNDS}, interleaved)`, async () => {
  const media = await analyzeMedia(`${site.origin}${bigMp4UrlPath(BYTES)}`, { engine: 'native' });
  const itag = media.info.formats[0].itag;
  expect(media.plans.get(itag)?.action).toBe('passthrough');
  const origin = `${site.origin}${bigMp4UrlPath(BYTES)}`;
  const served = `${ours.origin}/api/download/${media.info.id}?itag=${itag}`;
  const cpuPerGb: number[] = [];
  const bareCpuPerGb: number[] = [];
  const userPerGb: number[] = [];
  const bareUserPerGb: number[] = [];
  const countedBefore = (await ownerBytesToday(await getDb(), owner)).used;
  const metricBefore = await delivered();
  // One untimed read of each first: the origin's file comes from the page cache, our code is warm.
  await curl(origin);
  expect(await curl(served)).toBe(BYTES);
  for (let i = 0; i < ROUNDS; i++) {
    await timed('curl ← origin', () => curl(origin));
    const bareCpu = process.cpuUsage();
    await timed('curl ← bare Node proxy', () => curl(`${bareOrigin}${bigMp4UrlPath(BYTES)}`));
    const bareUsed = process.cpuUsage(bareCpu);
    bareCpuPerGb.push((bareUsed.user + bareUsed.system) / 1e6 / (BYTES / 1e9));
    bareUserPerGb.push(bareUsed.user / 1e6 / (BYTES / 1e9));
    const cpu = process.cpuUsage();
    let got = 0;
    await timed('curl ← /api/download', async () => (got = await curl(served)));
    const used = process.cpuUsage(cpu);
    expect(got).toBe(BYTES);
    cpuPerGb.push((used.user + used.system) / 1e6 / (BYTES / 1e9));
    userPerGb.push(used.user / 1e6 / (BYTES / 1e9));
  }
  const counted = (await ownerBytesToday(await getDb(), owner)).used - countedBefore;
  const metric = (await delivered()) - metricBefore;
  const mibps = (name: string) => (BYTES / 1024 / 1024 / seconds[name]).toFixed(0);
  printTable(`serve: pass-through via /api/download, ${mibps('curl ← /api/download')} MiB/s vs origin ${mibps('curl ← origin')} MiB/s (ratio = speed vs curl, higher is better)`, [
    { label: '/api/download vs curl from the origin', reference: 'curl ← origin', candidate: 'curl ← /api/download', target: '≥ 0.9', as: 'speed' },
    { label: '/api/download vs a bare Node proxy', reference: 'curl ← bare Node proxy', candidate: 'curl ← /api/download', target: '—', as: 'speed' },
    { label: 'bare Node proxy vs curl from the origin', reference: 'curl ← origin', candidate: 'curl ← bare Node proxy', target: '—', as: 'speed' },
  ]);
  const ratios = samples['curl ← origin'].slice(-ROUNDS).map((ref, k) => (ref / samples['curl ← /api/download'].slice(-ROUNDS)[k]).toFixed(2));
  process.stdout.write(
    `pair ratios (each round): ${ratios.join(' ')}\n` +
      `CPU of this process per GB served: best ${Math.min(...cpuPerGb).toFixed(2)} s, all ${cpuPerGb.map((c) => c.toFixed(2)).join(' ')}` +
      ` (bare Node proxy: best ${Math.min(...bareCpuPerGb).toFixed(2)} s)\n` +
      `  of which user (the JavaScript side; the rest is the kernel's socket work): best ${Math.min(...userPerGb).toFixed(2)} s` +
      ` (bare Node proxy: best ${Math.min(...bareUserPerGb).toFixed(2)} s)\n` +
      `counted against the caller's day: ${counted} B for ${(ROUNDS + 1) * BYTES} B served; delivered-bytes metric +${metric}\n`,
  );
  expect(counted).toBe((ROUNDS + 1) * BYTES);
  expect(metric).toBe((ROUNDS + 1) * BYTES);
});

