import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST } from '@/app/%5Ftelemetry/route';
import { readAdEventCounts } from '@/lib/ads/telemetry';
import { closeDb, getDb } from '@/lib/db';
import { fromPeer } from '@/test/peer';

const noParams = { params: Promise.resolve({}) };
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-ad-telemetry-'));
  process.env.DATA_DIR = dataDir;
});

afterAll(async () => {
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.DATA_DIR;
});

beforeEach(async () => {
  process.env.ADS_PUBLISHER_ID = 'ca-pub-1234567890123456';
  const db = await getDb();
  await db.run('DELETE FROM ad_event_counts');
  await db.run('DELETE FROM rate_counters');
});

afterEach(() => {
  delete process.env.ADS_PUBLISHER_ID;
  delete process.env.ADS_TELEMETRY_HOURLY_LIMIT;
  delete process.env.TRUST_PROXY;
});

async function send(body: unknown, headers: Record<string, string> = { origin: 'http://localhost' }) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await POST(new NextRequest('http://localhost/_telemetry', { method: 'POST', body: raw, headers: { 'content-type': 'application/json', ...headers } }), noParams);
  return { status: res.status, body: await res.json() };
}

const event = (type: string, placement: string, extra: Record<string, unknown> = {}) => ({ event: 'ad_event', data: { type, placement, timestamp: Date.now(), ...extra } });

describe('POST /_telemetry', () => {
  it('counts ad events per day, placement and type, and keeps no address, URL or user agent', async () => {
    // Behind a trusted proxy the address is read (for the rate limit): it must still not be stored.
    process.env.TRUST_PROXY = '1';
    const secretUrl = 'https://example.com/watch?v=visitor-secret';
    const agent = 'Mozilla/5.0 VisitorAgent/1.0';
    expect(await send(event('loaded', 'script-load', { url: secretUrl, userAgent: agent }), { origin: 'http://localhost', ...fromPeer(), 'x-forwarded-for': '203.0.113.77' }))
      .toEqual({ status: 200, body: { success: true, data: { recorded: true } } });
    await send(event('rendered', 'topBanner'));
    await send(event('rendered', 'topBanner'));
    await send(event('rendered', 'rectangle'));
    const day = new Date().toISOString().slice(0, 10);
    expect(await readAdEventCounts(await getDb())).toEqual([
      { day, placement: 'rectangle', type: 'rendered', count: 1 },
      { day, placement: 'script-load', type: 'loaded', count: 1 },
      { day, placement: 'topBanner', type: 'rendered', count: 2 },
    ]);
    const db = await getDb();
    const everything = JSON.stringify([await db.query('SELECT * FROM ad_event_counts'), await db.query('SELECT * FROM rate_counters')]);
    for (const kept of ['203.0.113.77', 'visitor-secret', 'example.com', 'VisitorAgent']) expect(everything).not.toContain(kept);
  });

  it('refuses what is not an ad event with 400 invalid_request, never a 500', async () => {
    for (const bad of [
      'not json',
      '{"event":"ad_event"',
      {},
      { event: 'page_view', data: { type: 'loaded', placement: 'topBanner' } },
      event('clicked', 'topBanner'),
      event('rendered', 'footer'),
      event('rendered', 'topBanner', { timestamp: 'yesterday' }),
      event('rendered', 'topBanner', { url: 'x'.repeat(5000) }),
      [],
      null,
    ]) {
      const res = await send(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'invalid_request' });
    }
    expect(await readAdEventCounts(await getDb())).toEqual([]);
  });

  it('is not there while ads are not configured', async () => {
    delete process.env.ADS_PUBLISHER_ID;
    expect(await send(event('rendered', 'topBanner'))).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });

  it('takes reports only from our own pages, and no oversized body', async () => {
    expect(await send(event('rendered', 'topBanner'), { origin: 'https://evil.example' })).toMatchObject({ status: 403, body: { code: 'csrf' } });
    expect(await send(event('rendered', 'topBanner', { url: 'x'.repeat(3900) }), { origin: 'http://localhost', 'content-length': '9000' }))
      .toMatchObject({ status: 413, body: { code: 'too_large' } });
    expect(await readAdEventCounts(await getDb())).toEqual([]);
  });

  it('limits each client per hour: past the limit an event is refused with 429 and not counted', async () => {
    process.env.ADS_TELEMETRY_HOURLY_LIMIT = '3';
    for (let i = 0; i < 3; i++) expect((await send(event('rendered', 'sideRail'))).status).toBe(200);
    const refused = await send(event('rendered', 'sideRail'));
    expect(refused).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect((await readAdEventCounts(await getDb()))[0]?.count).toBe(3);
  });
});
