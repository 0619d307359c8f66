import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as analyzePost } from '@/app/api/analyze/route';
import { GET as statusGet } from '@/app/api/status/[jobId]/route';
import { closeDb } from '@/lib/db';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { fromPeer } from '@/test/peer';

/** One client may hold only so much open work at once: live status streams and analyses in flight. */
let site: FixtureSite;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-fair-'));
  process.env.DATA_DIR = dataDir;
  site = await startFixtureSite();
  process.env.MEDIA_FETCH_ALLOW = `127.0.0.1:${site.port}`;
});

afterAll(async () => {
  await site?.close();
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.MEDIA_FETCH_ALLOW;
});

afterEach(() => vi.unstubAllEnvs());

const noParams = { params: Promise.resolve({}) };
const from = (ip: string) => ({ ...fromPeer(), 'x-forwarded-for': ip });

async function startJob(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return analyzePost(new NextRequest('http://localhost/api/analyze', {
    method: 'POST', body: JSON.stringify({ url, engine: 'native' }), headers: { 'content-type': 'application/json', ...headers },
  }), noParams);
}

const jobIdOf = async (res: Response) => ((await res.json()) as { data: { jobId: string } }).data.jobId;

function openStream(jobId: string, headers: Record<string, string>, signal?: AbortSignal): Promise<Response> {
  return statusGet(new NextRequest(`http://localhost/api/status/${jobId}`, { headers: { accept: 'text/event-stream', ...headers }, signal }),
    { params: Promise.resolve({ jobId }) });
}

describe('fair use per client', () => {
  it('caps live status streams per client, frees a slot when one closes, and leaves other clients alone', async () => {
    vi.stubEnv('TRUST_PROXY', '1');
    vi.stubEnv('STATUS_STREAMS_PER_CLIENT', '2');
    const jobId = await jobIdOf(await startJob(`${site.origin}/_sw/latency=8000/video.mp4`, from('203.0.113.1')));
    const first = new AbortController();
    const streams = [await openStream(jobId, from('203.0.113.1'), first.signal), await openStream(jobId, from('203.0.113.1'))];
    expect(streams.map((r) => r.status)).toEqual([200, 200]);
    const third = await openStream(jobId, from('203.0.113.1'));
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await third.json()).code).toBe('rate_limited');
    expect((await openStream(jobId, from('198.51.100.9'))).status).toBe(200);
    first.abort();
    await vi.waitFor(async () => expect((await openStream(jobId, from('203.0.113.1'))).status).toBe(200));
  });

  it('with no proxy, caps the TCP peer: a client forging X-Forwarded-For is still one client', async () => {
    vi.stubEnv('STATUS_STREAMS_PER_CLIENT', '2');
    const jobId = await jobIdOf(await startJob(`${site.origin}/_sw/latency=8000/video.mp4?shared`));
    const direct = (forged: string, peer = '198.51.100.7') => ({ ...fromPeer(peer), 'x-forwarded-for': forged });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await openStream(jobId, direct(`203.0.113.${i}`))).status);
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    expect((await openStream(jobId, direct('203.0.113.1', '198.51.100.8'))).status).toBe(200);
    // A request made in-process (no socket, so no peer) is nobody's and caps nobody.
    const inProcess = [];
    for (let i = 0; i < 3; i++) inProcess.push((await openStream(jobId, {})).status);
    expect(inProcess).toEqual([200, 200, 200]);
  });

  it('closes a stream whose job stops changing', async () => {
    vi.stubEnv('STATUS_STREAM_IDLE_MS', '1000');
    const jobId = await jobIdOf(await startJob(`${site.origin}/_sw/latency=8000/video.mp4?idle`));
    const res = await openStream(jobId, {});
    const started = Date.now();
    const reader = res.body!.getReader();
    while (!(await reader.read()).done) { /* read states until the server ends the stream */ }
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('caps analyses in flight per client until one ends', async () => {
    vi.stubEnv('TRUST_PROXY', '1');
    vi.stubEnv('ANALYSES_IN_FLIGHT_PER_CLIENT', '1');
    const stalled = await startJob(`${site.origin}/_sw/latency=8000/video.mp4?inflight`, from('203.0.113.2'));
    expect(stalled.status).toBe(200);
    const refused = await startJob(`${site.origin}/video.mp4`, from('203.0.113.2'));
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe('Too many analyses at once (the limit is 1). Wait for one to finish.');
    expect((await startJob(`${site.origin}/video.mp4`, from('198.51.100.2'))).status).toBe(200);
  });
});
