import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { idParams } from '@/lib/http/ids';
import { createRoute } from './route';
import { fromPeer } from '@/test/peer';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const request = (url = 'http://localhost/api/x', init: ConstructorParameters<typeof NextRequest>[1] = {}) => new NextRequest(url, init);
const noParams = { params: Promise.resolve({}) };
// Routes open to anyone with nothing to charge never open the store.
const route = createRoute({ db: () => Promise.reject(new Error('the store was opened')) });

const throwing = (error: unknown) => route({ auth: 'none' }, () => {
  throw error;
});
const call = async (error: unknown) => {
  const res = await throwing(error)(request(), noParams);
  return { res, body: await res.json() };
};

describe('route: the error envelope', () => {
  it('keeps the details a caller can act on', async () => {
    const { res, body } = await call(new AppError('too_large', 'This file is larger than the 4 GB limit', { maxBytes: 4 }));
    expect(res.status).toBe(413);
    expect(body).toEqual({ success: false, error: 'This file is larger than the 4 GB limit', code: 'too_large', details: { maxBytes: 4 } });
  });

  it('never echoes internal causes: temp paths, database reasons, exit codes', async () => {
    const { body } = await call(
      new AppError('upstream_failed', 'The media could not be read', { cause: '/tmp/grabline-ffmpeg-x1/in.mp4: Invalid data', reason: 'check', exitCode: 1 }),
    );
    expect(body).toEqual({ success: false, error: 'The media could not be read', code: 'upstream_failed' });
    expect(JSON.stringify(body)).not.toContain('/tmp/');
  });

  it('says when to retry in the standard header', async () => {
    const { res } = await call(new AppError('rate_limited', 'Too many sign-in attempts.', { retryAfter: 120 }));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('120');
  });

  it('answers an unknown error as a generic 500 without its message, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { res, body } = await call(new Error('secret connection string postgres://u:p@db'));
    expect(res.status).toBe(500);
    expect(JSON.stringify(body)).not.toContain('postgres://');
    expect(log).toHaveBeenCalled();
  });
});

describe('route: parsing', () => {
  const echo = route({ auth: 'none', params: idParams('id'), notFound: 'Nothing here', query: z.object({ n: z.coerce.number() }) },
    ({ params, query }) => ({ id: params.id, n: query.n }));

  it('hands the handler validated params and query', async () => {
    const res = await echo(request('http://localhost/api/x/abc?n=2'), { params: Promise.resolve({ id: 'abc' }) });
    expect(await res.json()).toEqual({ success: true, data: { id: 'abc', n: 2 } });
  });

  it('answers a malformed id as not found, and a bad query as invalid_request', async () => {
    const missing = await echo(request('http://localhost/api/x/..?n=2'), { params: Promise.resolve({ id: '../etc' }) });
    expect([missing.status, (await missing.json()).error]).toEqual([404, 'Nothing here']);
    const bad = await echo(request('http://localhost/api/x/abc?n=two'), { params: Promise.resolve({ id: 'abc' }) });
    expect([bad.status, (await bad.json()).code]).toEqual([400, 'invalid_request']);
  });

  const post = route({ auth: 'none', body: z.object({ a: z.string() }) }, ({ body }) => body);
  const postAs = (body: string | undefined, headers: Record<string, string>) =>
    post(request('http://localhost/api/x', { method: 'POST', body, headers }), noParams);

  it('answers a body that is not JSON as invalid_request', async () => {
    const res = await postAs('{nope', { 'content-type': 'application/json' });
    expect([res.status, (await res.json()).code]).toEqual([400, 'invalid_request']);
    const none = await postAs(undefined, {});
    expect([none.status, (await none.json()).code]).toEqual([400, 'invalid_request']);
  });

  it('answers a body not sent as JSON 415 unsupported_media_type, whatever it holds', async () => {
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=b', 'application/jsonp', 'text/json']) {
      const res = await postAs('{"a":"b"}', { 'content-type': type });
      expect([res.status, (await res.json()).code], type).toEqual([415, 'unsupported_media_type']);
    }
    const untyped = await post(request('http://localhost/api/x', { method: 'POST', body: new Blob(['{"a":"b"}']) }), noParams);
    expect([untyped.status, (await untyped.json()).code]).toEqual([415, 'unsupported_media_type']);
    for (const type of ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/merge-patch+json', 'application/vnd.api+json; charset=utf-8']) {
      const res = await postAs('{"a":"b"}', { 'content-type': type });
      expect([res.status, await res.json()], type).toEqual([200, { success: true, data: { a: 'b' } }]);
    }
  });
});

describe('route: cross-site requests', () => {
  const change = route({ auth: 'none' }, () => ({ changed: true }));
  const send = (headers: Record<string, string>, method = 'POST') =>
    change(request('http://grab.example/api/x', { method, headers: { host: 'grab.example', ...headers } }), noParams);
  const session = { cookie: 'gl_access=x' };

  it('refuses a change from another origin, even as a no-preflight text/plain request', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await send({ ...session, origin: 'https://evil.grab.example', 'content-type': 'text/plain' }, method);
      expect([res.status, (await res.json()).code]).toEqual([403, 'csrf']);
    }
    expect((await send({ ...session, origin: 'null' })).status).toBe(403);
    expect((await send({ ...session, 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await send({ ...session, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('refuses it without any cookie too, and whatever Authorization header it carries on a route closed to other sites', async () => {
    const credentials: Record<string, string>[] = [{}, { authorization: 'Bearer gl_x' }, { authorization: 'Basic eDp5' }];
    const sites: Record<string, string>[] = [{ origin: 'https://elsewhere.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }];
    for (const headers of credentials) {
      for (const site of sites) {
        const res = await send({ ...headers, ...site });
        expect([res.status, (await res.json()).code], JSON.stringify({ ...headers, ...site })).toEqual([403, 'csrf']);
      }
    }
  });

  it('lets our own pages and callers that are no browser page through; reads from anywhere', async () => {
    expect((await send({ ...session, origin: 'http://grab.example' })).status).toBe(200);
    expect((await send({ origin: 'http://grab.example' })).status).toBe(200);
    expect((await send({ ...session, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await send({ 'sec-fetch-site': 'none' })).status).toBe(200); // typed into the address bar
    expect((await send({ ...session })).status).toBe(200); // curl: no browser, so no other site behind it
    expect((await send({ authorization: 'Bearer gl_x' })).status).toBe(200);
    expect((await send({ ...session, origin: 'https://elsewhere.example' }, 'GET')).status).toBe(200);
  });

  it('refuses a change from another site on a route open to other sites when no Bearer credential identifies the caller', async () => {
    const open = route({ auth: 'none', cors: true }, () => ({ changed: true }));
    const credentials: Record<string, string>[] = [{}, { authorization: 'Bearer gl_x' }, { authorization: 'Basic eDp5' }];
    for (const headers of credentials) {
      const res = await open(request('http://grab.example/api/x', { method: 'POST', headers: { host: 'grab.example', origin: 'https://elsewhere.example', ...headers } }), noParams);
      expect([res.status, (await res.json()).code]).toEqual([403, 'csrf']);
    }
  });

  it('knows itself by SITE_URL, or by the host our proxy forwarded', async () => {
    vi.stubEnv('SITE_URL', 'https://downloads.example.org');
    expect((await send({ ...session, origin: 'https://downloads.example.org' })).status).toBe(200);
    expect((await send({ ...session, origin: 'http://downloads.example.org' })).status).toBe(403);
    vi.stubEnv('TRUST_PROXY', '1');
    const forwardedHost = { origin: 'https://public.example', 'x-forwarded-host': 'public.example' };
    expect((await send({ ...session, ...fromPeer('127.0.0.1'), ...forwardedHost })).status).toBe(200);
    // Only our proxy names the host: a client reaching the port directly cannot make its own site "us".
    expect((await send({ ...session, ...fromPeer('198.51.100.4'), ...forwardedHost })).status).toBe(403);
  });
});

describe('route: the request log', () => {
  it('writes one JSON line per request with its id, and nothing the caller sent', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const secret = 'gl_0123456789abcdef';
    const post = route({ auth: 'none', body: z.object({ password: z.string() }) }, () => {
      throw new AppError('unauthorized', 'Sign in to continue');
    });
    const res = await post(request(`http://localhost/api/auth/login?url=https%3A%2F%2Fsecret.example%2Fv&token=${secret}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, cookie: `gl_access=${secret}`, 'x-request-id': 'req-12345678', 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'hunter2-correct-horse' }),
    }), noParams);
    expect(res.headers.get('x-request-id')).toBe('req-12345678');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 'info', msg: 'request', requestId: 'req-12345678', method: 'POST',
      path: '/api/auth/login', status: 401 });
    for (const leak of [secret, 'hunter2', 'secret.example', 'gl_access']) expect(lines[0]).not.toContain(leak);
  });
});
