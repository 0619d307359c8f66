import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { guardedFetch, type GuardedFetchOptions } from '@/lib/net/guarded-fetch';
import { allowOrigins, startLoopbackServer, type LoopbackServer } from '@/lib/net/loopback-server.testkit';
import { clearShortLinkCache, recogniseResolved } from './resolve-short-link';

const ID = '7106594312292453675';
const VIDEO = `https://www.tiktok.com/@scout2015/video/${ID}`;

let site: LoopbackServer;
const moved = (res: ServerResponse, location: string, status = 301) => res.writeHead(status, { location }).end();

beforeAll(async () => {
  site = await startLoopbackServer((req, res) => {
    const [, host, code] = (req.url ?? '').split('/');
    const key = `${host}/${code}`;
    if (key === 'vm.tiktok.com/ZMokay1') return moved(res, `${VIDEO}?_r=1&_t=8abc&utm_source=copy`);
    if (key === 't.co/chain') return moved(res, 'https://vm.tiktok.com/ZMokay1/', 302);
    if (key === 'vt.tiktok.com/ZSrel') return moved(res, `/@scout2015/video/${ID}`.replace(/^/, 'https://www.tiktok.com'), 307);
    if (key === 'vm.tiktok.com/ZMloop') return moved(res, 'https://vt.tiktok.com/ZSloop/');
    if (key === 'vt.tiktok.com/ZSloop') return moved(res, 'https://vm.tiktok.com/ZMloop/');
    if (key === 'fb.watch/abcDEF123_') return moved(res, 'https://www.facebook.com/watch/?v=10153231379946729');
    if (key === 'pin.it/noHead') {
      // A shortener that refuses HEAD: its GET redirects, with a body nobody should need.
      if (req.method === 'HEAD') return res.writeHead(405).end();
      res.writeHead(302, { location: 'https://www.pinterest.com/pin/1234567890/', 'content-type': 'text/html' });
      return res.end('<html>'.padEnd(64 * 1024, ' '));
    }
    if (key === 'on.soundcloud.com/home') return moved(res, 'https://www.tiktok.com/');
    res.writeHead(404, { 'content-type': 'text/plain' }).end('no such link');
  });
});
afterAll(() => site.close());
beforeEach(() => {
  allowOrigins(site.hostPort);
  clearShortLinkCache();
  site.requests.length = 0;
});

/** The shorteners' hosts answered by the loopback server (`/host/path`), each hop still through the guarded fetch. */
const viaLoopback = (input: string, options: GuardedFetchOptions) => {
  const url = new URL(input);
  return guardedFetch(`${site.origin}/${url.hostname}${url.pathname}`, options);
};
const resolve = (link: string) => recogniseResolved(link, { fetch: viaLoopback });

async function codeOf(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('short links are the media they point to', () => {
  it('a vm.tiktok.com link is the video it redirects to, tracking dropped, with HEAD only', async () => {
    expect(await resolve('https://vm.tiktok.com/ZMokay1/')).toEqual({ platform: 'tiktok', kind: 'video', id: ID, canonicalUrl: VIDEO });
    expect(site.requests.map((req) => `${req.method} ${req.url}`)).toEqual(['HEAD /vm.tiktok.com/ZMokay1/']);
  });

  it('follows a chain of shorteners (t.co → vm.tiktok.com → the video), one request per hop', async () => {
    expect(await resolve('https://t.co/chain')).toMatchObject({ platform: 'tiktok', id: ID, canonicalUrl: VIDEO });
    expect(site.requests.map((req) => req.url)).toEqual(['/t.co/chain', '/vm.tiktok.com/ZMokay1/']);
  });

  it('fb.watch is the Facebook video; vt.tiktok.com (307) the TikTok one', async () => {
    expect(await resolve('fb.watch/abcDEF123_')).toMatchObject({ platform: 'facebook', id: '10153231379946729' });
    expect(await resolve('https://vt.tiktok.com/ZSrel/')).toMatchObject({ platform: 'tiktok', id: ID });
  });

  it('asks with GET when HEAD is refused, and stops at the first address that is no short link', async () => {
    const recognition = await resolve('https://pin.it/noHead');
    expect(recognition).toEqual({ platform: 'generic', kind: 'video', id: null, canonicalUrl: 'https://www.pinterest.com/pin/1234567890/' });
    expect(site.requests.map((req) => req.method)).toEqual(['HEAD', 'GET']);
  });

  it('remembers a resolution for a while: the same link asks the shortener once', async () => {
    await resolve('https://vm.tiktok.com/ZMokay1/');
    await resolve('https://vm.tiktok.com/ZMokay1');
    expect(site.requests).toHaveLength(1);
  });

  it.each([
    ['a link the shortener does not know (404)', 'https://fb.watch/goneGone1/'],
    ['a loop between shorteners, cut after 5 hops', 'https://vm.tiktok.com/ZMloop/'],
    ['a redirect to a page with no media (the home page)', 'https://on.soundcloud.com/home'],
  ])('%s is short_link_unresolved, never a 500', async (_name, link) => {
    expect(await codeOf(resolve(link))).toBe('short_link_unresolved');
    expect(site.requests.length).toBeLessThanOrEqual(5);
  });

  it('every hop is checked by the guard: without the test’s allowance the loopback shortener is refused', async () => {
    allowOrigins();
    expect(await codeOf(resolve('https://vm.tiktok.com/ZMokay1/'))).toBe('private_address');
    expect(site.requests).toHaveLength(0);
  });

  it('a link that is no short link is recognised as it is, with no request', async () => {
    expect(await resolve(`${VIDEO}?is_from_webapp=1`)).toMatchObject({ id: ID, canonicalUrl: VIDEO });
    expect(site.requests).toHaveLength(0);
  });
});
