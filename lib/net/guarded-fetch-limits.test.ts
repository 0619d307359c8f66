import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { guardedFetch } from './guarded-fetch';
import { allowOrigins, startLoopbackServer, type LoopbackServer } from './loopback-server.testkit';

let site: LoopbackServer;
let other: LoopbackServer;
let outside: LoopbackServer;

beforeAll(async () => {
  other = await startLoopbackServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('other side');
  });
  outside = await startLoopbackServer((_req, res) => res.end('should never be reached'));
  site = await startLoopbackServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const hop = url.pathname.match(/^\/chain\/(\d+)$/);
    if (hop) {
      const n = Number(hop[1]);
      if (n === 0) res.writeHead(200).end('end of chain');
      else res.writeHead(302, { location: `${n - 1}` }).end();
    } else if (url.pathname === '/to-other') {
      res.writeHead(307, { location: `${other.origin}/landed` }).end();
    } else if (url.pathname === '/to-self') {
      res.writeHead(301, { location: '/chain/0' }).end();
    } else if (url.pathname === '/to-outside') {
      res.writeHead(302, { location: `${outside.origin}/secret` }).end();
    } else if (url.pathname === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (url.pathname === '/to-file') {
      res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    } else if (url.pathname === '/no-headers') {
      // never answers
    } else if (url.pathname === '/stall') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write(Buffer.alloc(1024));
    } else if (url.pathname === '/two-megabytes') {
      res.writeHead(200).end(Buffer.alloc(2 * 1024 * 1024, 7));
    } else if (url.pathname === '/big-declared') {
      res.writeHead(200, { 'content-length': String(10_000) }).end(Buffer.alloc(10_000));
    } else if (url.pathname === '/big-chunked') {
      res.writeHead(200);
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(1000));
      res.end();
    } else {
      res.writeHead(404).end();
    }
  });
});
afterAll(async () => {
  await Promise.all([site.close(), other.close(), outside.close()]);
});
beforeEach(() => allowOrigins(site.hostPort, other.hostPort));

async function failureOf(work: Promise<unknown>): Promise<{ code?: string }> {
  try {
    await work;
  } catch (error) {
    return error as { code?: string };
  }
  throw new Error('expected a failure');
}

describe('redirects', () => {
  it('follows relative Locations and reports the final url', async () => {
    const res = await guardedFetch(`${site.origin}/chain/3`);
    expect(await res.text()).toBe('end of chain');
    expect(res.url).toBe(`${site.origin}/chain/0`);
    expect(res.redirected).toBe(true);
  });

  it('follows exactly maxRedirects hops and refuses one more', async () => {
    expect((await guardedFetch(`${site.origin}/chain/2`, { maxRedirects: 2 })).status).toBe(200);
    expect(await failureOf(guardedFetch(`${site.origin}/chain/3`, { maxRedirects: 2 }))).toMatchObject({
      code: 'upstream_failed',
    });
    expect(await failureOf(guardedFetch(`${site.origin}/chain/6`))).toMatchObject({ code: 'upstream_failed' });
  });

  it('checks every hop: an allowlisted origin cannot bounce us to another loopback port', async () => {
    expect(await failureOf(guardedFetch(`${site.origin}/to-outside`))).toMatchObject({ code: 'private_address' });
    expect(await failureOf(guardedFetch(`${site.origin}/to-metadata`))).toMatchObject({ code: 'private_address' });
    expect(outside.requests).toHaveLength(0);
  });

  it('refuses a redirect to a non-http scheme', async () => {
    expect(await failureOf(guardedFetch(`${site.origin}/to-file`))).toMatchObject({ code: 'upstream_failed' });
  });

  it('drops Authorization and Cookie on a cross-origin hop, keeps them on the same origin', async () => {
    const headers = { Authorization: 'Bearer t0ken', Cookie: 'sid=1', 'X-Keep': 'yes' };
    await (await guardedFetch(`${site.origin}/to-other`, { headers })).text();
    const landed = other.requests.at(-1);
    expect(landed?.url).toBe('/landed');
    expect(landed?.headers.authorization).toBeUndefined();
    expect(landed?.headers.cookie).toBeUndefined();
    expect(landed?.headers['x-keep']).toBe('yes');

    await (await guardedFetch(`${site.origin}/to-self`, { headers })).text();
    expect(site.requests.at(-1)?.headers.authorization).toBe('Bearer t0ken');
  });
});

describe('time and size bounds', () => {
  it('gives up with upstream_timeout when headers do not come in time', async () => {
    const started = Date.now();
    expect(await failureOf(guardedFetch(`${site.origin}/no-headers`, { timeoutMs: 200 }))).toMatchObject({
      code: 'upstream_timeout',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('aborts a body that stalls with upstream_timeout', async () => {
    const res = await guardedFetch(`${site.origin}/stall`, { idleTimeoutMs: 200 });
    expect(res.status).toBe(200);
    expect(await failureOf(res.arrayBuffer())).toMatchObject({ code: 'upstream_timeout' });
  });

  it('does not mistake a slow reader for a stalled source', async () => {
    const res = await guardedFetch(`${site.origin}/two-megabytes`, { idleTimeoutMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await res.arrayBuffer()).byteLength).toBe(2 * 1024 * 1024);
  });

  it('refuses a declared Content-Length over maxBytes before reading', async () => {
    expect(await failureOf(guardedFetch(`${site.origin}/big-declared`, { maxBytes: 5000 }))).toMatchObject({
      code: 'too_large',
    });
  });

  it('cuts a chunked body off once it passes maxBytes', async () => {
    const res = await guardedFetch(`${site.origin}/big-chunked`, { maxBytes: 5000 });
    expect(await failureOf(res.arrayBuffer())).toMatchObject({ code: 'too_large' });
    const whole = await guardedFetch(`${site.origin}/big-chunked`, { maxBytes: 10_000 });
    expect((await whole.arrayBuffer()).byteLength).toBe(10_000);
  });

  it('stops on abort, before and after the headers', async () => {
    const early = new AbortController();
    const pending = guardedFetch(`${site.origin}/no-headers`, { signal: early.signal });
    setTimeout(() => early.abort(), 50);
    expect(await failureOf(pending)).toMatchObject({ name: 'AbortError' });

    const late = new AbortController();
    const res = await guardedFetch(`${site.origin}/stall`, { signal: late.signal });
    const reading = res.arrayBuffer();
    setTimeout(() => late.abort(), 50);
    expect(await failureOf(reading)).toMatchObject({ name: 'AbortError' });
  });
});
