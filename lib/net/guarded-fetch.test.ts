import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGuardedFetch, fetchText, guardedFetch, assertFetchableUrl } from './guarded-fetch';
import { allowOrigins, startLoopbackServer, type LoopbackServer } from './loopback-server.testkit';

let site: LoopbackServer;

beforeAll(async () => {
  site = await startLoopbackServer((req, res) => {
    if (req.url === '/hello') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'x-seen-ua': req.headers['user-agent'] ?? '' });
      res.end('hello, grabline');
    } else if (req.url === '/latin1') {
      res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
      res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    } else if (req.url === '/empty') {
      res.writeHead(204).end();
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('nope');
    }
  });
});
afterAll(() => site.close());
beforeEach(() => allowOrigins(site.hostPort));

async function codeOf(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('guardedFetch refuses private destinations', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://127.0.0.1/',
    'http://10.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[fc00::1]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://017700000001/',
    'http://127.1/',
    'http://0.0.0.0/',
    'http://localhost/',
    'https://localhost/',
  ])('%s → private_address', async (url) => {
    expect(await codeOf(guardedFetch(url))).toBe('private_address');
  });

  it('refuses the test server itself once it is not allowlisted', async () => {
    allowOrigins();
    const before = site.requests.length;
    expect(await codeOf(guardedFetch(`${site.origin}/hello`))).toBe('private_address');
    expect(site.requests.length).toBe(before);
  });

  it('refuses a host name whose DNS answer is private, or mixes public and private', async () => {
    const hostile = createGuardedFetch({
      lookup: async (host) =>
        host === 'mixed.test'
          ? [{ address: '93.184.216.34', family: 4 }, { address: '10.1.2.3', family: 4 }]
          : [{ address: '192.168.1.20', family: 4 }],
    });
    expect(await codeOf(hostile.guardedFetch('http://media.test/video.mp4'))).toBe('private_address');
    expect(await codeOf(hostile.guardedFetch('http://mixed.test/video.mp4'))).toBe('private_address');
    expect(await codeOf(hostile.assertFetchableUrl('https://media.test/seg1.ts'))).toBe('private_address');
  });

  it('turns malformed URLs into invalid_url', async () => {
    expect(await codeOf(guardedFetch('file:///etc/passwd'))).toBe('invalid_url');
    expect(await codeOf(guardedFetch('http://user:pw@example.com/'))).toBe('invalid_url');
  });
});

describe('guardedFetch to an allowlisted origin', () => {
  it('returns the body, status, url and the browser user agent', async () => {
    const res = await guardedFetch(`${site.origin}/hello`);
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${site.origin}/hello`);
    expect(res.redirected).toBe(false);
    expect(res.headers.get('x-seen-ua')).toMatch(/Chrome\/\d+/);
    expect(await res.text()).toBe('hello, grabline');
    expect(site.requests.at(-1)?.headers['accept-encoding']).toBe('identity');
  });

  it('lets caller headers override the defaults', async () => {
    const res = await guardedFetch(`${site.origin}/hello`, { headers: { 'User-Agent': 'custom/1' } });
    expect(res.headers.get('x-seen-ua')).toBe('custom/1');
    await res.body?.cancel();
  });

  it('answers HEAD with headers and no body', async () => {
    const res = await guardedFetch(`${site.origin}/hello`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(site.requests.at(-1)?.method).toBe('HEAD');
    expect(res.body).toBeNull();
  });

  it('returns 4xx and 204 answers instead of throwing', async () => {
    const missing = await guardedFetch(`${site.origin}/missing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('nope');
    const empty = await guardedFetch(`${site.origin}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('connects to the checked address, never asking DNS again (pinned)', async () => {
    let lookups = 0;
    const pinned = createGuardedFetch({
      lookup: async () => {
        lookups += 1;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    // rebind.test does not exist in real DNS: the fetch only works if the socket uses the pinned address.
    allowOrigins(`rebind.test:${site.port}`);
    for (let i = 0; i < 2; i++) {
      const res = await pinned.guardedFetch(`http://rebind.test:${site.port}/hello`);
      expect(await res.text()).toBe('hello, grabline');
    }
    expect(lookups).toBe(2);
    expect(site.requests.at(-1)?.headers.host).toBe(`rebind.test:${site.port}`);
  });
});

describe('fetchText and assertFetchableUrl', () => {
  it('decodes text in the declared charset', async () => {
    const page = await fetchText(`${site.origin}/latin1`);
    expect(page).toMatchObject({ text: 'café', status: 200, url: `${site.origin}/latin1` });
    expect((await fetchText(`${site.origin}/hello`)).text).toBe('hello, grabline');
  });

  it('throws upstream_failed with the status on a non-2xx answer', async () => {
    await expect(fetchText(`${site.origin}/missing`)).rejects.toMatchObject({
      code: 'upstream_failed',
      details: { status: 404 },
    });
  });

  it('returns the parsed URL when it is fetchable, without fetching it', async () => {
    const before = site.requests.length;
    const url = await assertFetchableUrl(`${site.origin}/seg-1.ts`);
    expect(url.href).toBe(`${site.origin}/seg-1.ts`);
    expect(site.requests.length).toBe(before);
  });
});
