import { existsSync, readdirSync } from 'node:fs';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as analyzePost } from '@/app/api/analyze/route';
import { GET as statusGet } from '@/app/api/status/[jobId]/route';
import { getPreparations, passthroughStats } from '@/lib/media/deliver';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import { analyze, bodyOf, requestDownload, sha256, startDownloadEnv, until } from '@/test/api/download.testkit';
import { fromPeer } from '@/test/peer';

/**
 * Origins that misbehave, served for real on loopback by the fixture site: one that sends its headers and then
 * nothing, one that trickles a byte a second, and a host whose name does not resolve (the failure injected at
 * the resolver, so no query ever leaves the machine). Each must end in a stable error code and give back the
 * caller's slot: with one download and one analysis allowed per address, the next request from the same
 * address is served.
 */
const dns = vi.hoisted(() => ({ failing: '.dns-fails.test' }));
vi.mock('node:dns/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns/promises')>();
  const lookup = (async (hostname: string, options: { all: true }) => {
    if (hostname.endsWith(dns.failing)) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname });
    }
    return real.lookup(hostname, options);
  }) as typeof real.lookup;
  return { ...real, lookup, default: { ...real, lookup } };
});

const CLIENT = { ...fromPeer(), 'x-forwarded-for': '203.0.113.50' };
let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv({
    TRUST_PROXY: '1',
    MAX_DOWNLOADS_PER_IP: '1',
    ANALYSES_IN_FLIGHT_PER_CLIENT: '1',
    MEDIA_STALL_TIMEOUT_MS: '1500',
    DOWNLOAD_DEADLINE_MS: '5000',
  });
});
afterAll(async () => {
  await getYtdlpPool().close();
  await env?.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
  env.site.resetSwitches();
});

const tempEntries = () => (existsSync(env.tempDir) ? readdirSync(env.tempDir).filter((name) => !name.startsWith('.')) : []);

/** After a failure: no preparation or origin stream left open, no work folder left, and the address may download again. */
async function slotIsFree(mediaPath: string): Promise<void> {
  await until(() => getPreparations().activeCount === 0 && passthroughStats.open === 0, 10_000);
  const media = await analyze(env.site, mediaPath);
  const res = await requestDownload(media.info.id, 'mp4-720', { headers: CLIENT });
  expect(res.status).toBe(200);
  expect(sha256(await bodyOf(res))).toHaveLength(64);
}

describe('faults: a misbehaving origin', () => {
  it('stalls after its headers: the read times out, retried, then 504 upstream_timeout; nothing left behind', async () => {
    // Far from the overall deadline: it is the read timeout that must end this one.
    vi.stubEnv('DOWNLOAD_DEADLINE_MS', '60000');
    vi.stubEnv('MEDIA_STALL_TIMEOUT_MS', '600');
    const media = await analyze(env.site, '/video.mp4?fault=stall');
    const before = new Set(tempEntries());
    env.site.setSwitches({ stall: Infinity });
    const started = Date.now();
    const res = await requestDownload(media.info.id, 'webm-720', { headers: CLIENT });
    expect(res.status).toBe(504);
    const body = (await res.json()) as { error: string };
    expect(body).toMatchObject({ success: false, code: 'upstream_timeout' });
    expect(body.error).not.toContain('too slowly');
    expect(Date.now() - started).toBeLessThan(60_000);
    vi.unstubAllEnvs();
    expect(tempEntries().filter((name) => !before.has(name))).toEqual([]);
    env.site.resetSwitches();
    await slotIsFree('/video.mp4?fault=stall-after');
  }, 90_000);

  it('trickles one byte a second: the overall deadline ends it with 504 upstream_timeout', async () => {
    const media = await analyze(env.site, '/video.mp4?fault=trickle');
    const before = new Set(tempEntries());
    env.site.setSwitches({ throttle: 1 });
    const started = Date.now();
    const res = await requestDownload(media.info.id, 'webm-720', { headers: CLIENT });
    const took = Date.now() - started;
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ success: false, code: 'upstream_timeout', error: 'The site sent the file too slowly to finish in time' });
    expect(took).toBeGreaterThanOrEqual(4_500);
    expect(took).toBeLessThan(15_000);
    expect(tempEntries().filter((name) => !before.has(name))).toEqual([]);
    env.site.resetSwitches();
    await slotIsFree('/video.mp4?fault=trickle-after');
  }, 60_000);

  it('has a name that does not resolve: the analysis ends in upstream_failed and the address may analyse again', async () => {
    const post = (url: string) =>
      analyzePost(new NextRequest('http://localhost/api/analyze', { method: 'POST', body: JSON.stringify({ url, engine: 'native' }), headers: { 'content-type': 'application/json', ...CLIENT } }), {
        params: Promise.resolve({}),
      });
    const status = async (jobId: string) =>
      ((await (await statusGet(new NextRequest(`http://localhost/api/status/${jobId}`), { params: Promise.resolve({ jobId }) })).json()) as {
        data: { status: string; code?: string; error?: string };
      }).data;
    const started = await post(`https://media${dns.failing}/clip.mp4`);
    expect(started.status).toBe(200);
    const { jobId } = ((await started.json()) as { data: { jobId: string } }).data;
    let last = await status(jobId);
    await until(async () => ['ready', 'error'].includes((last = await status(jobId)).status), 30_000);
    expect(last).toMatchObject({ status: 'error', code: 'upstream_failed' });
    expect(JSON.stringify(last)).toContain('Could not resolve the host');
    // The one analysis this address may have in flight was given back.
    const next = await post(`${env.site.origin}/video.mp4?fault=dns-after`);
    expect(next.status).toBe(200);
  }, 60_000);
});
