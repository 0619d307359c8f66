import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as info } from '@/app/api/cobalt/route';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { fetchLink, send, startCobaltEnv } from './cobalt.testkit';

/** The cobalt-compatible API's failures (cobalt's error shape, our limits and keys), its instance info and its docs. */
let cobaltEnv: Awaited<ReturnType<typeof startCobaltEnv>>;
beforeAll(async () => {
  cobaltEnv = await startCobaltEnv();
}, 120_000);
afterAll(() => cobaltEnv?.close());
const recorded = (name: string) => cobaltEnv.recorded(name);

describe('POST /api/cobalt/ failures, in cobalt\'s error shape', () => {
  const base = () => recorded('ios-shortcut');

  it('asks for JSON both ways, like cobalt', async () => {
    const noAccept = base();
    delete noAccept.headers.Accept;
    expect((await send(noAccept)).json).toEqual({ status: 'error', error: { code: 'error.api.header.accept' } });
    const form = base();
    form.headers['Content-Type'] = 'application/x-www-form-urlencoded';
    expect((await send(form)).json).toEqual({ status: 'error', error: { code: 'error.api.header.content_type' } });
    const broken = { ...base(), body: '{"url":' as unknown as Record<string, unknown> };
    expect((await send(broken)).json.error.code).toBe('error.api.invalid_body');
    const badField = base();
    badField.body.downloadMode = 'video-only';
    const bad = await send(badField);
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('error.api.invalid_body');
  });

  it('maps a link that is no link, and a missing one, to error.api.link.invalid', async () => {
    for (const url of ['Look at this', undefined]) {
      const request = base();
      request.body.url = url;
      const res = await send(request);
      expect(res.json).toMatchObject({ status: 'error', error: { code: 'error.api.link.invalid' } });
    }
  });

  it('tells a missing file apart from a wrong key', async () => {
    const gone = base();
    gone.body.url = `${cobaltEnv.env.site.origin}/missing.mp4`;
    const res = await send(gone);
    // nothing at the address: no media there (no_media), told with the service it was asked of
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ status: 'error', error: { code: 'error.api.fetch.empty', context: { service: 'generic' } } });
    const wrongKey = base();
    wrongKey.headers.Authorization = 'Api-Key gl_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const refused = await send(wrongKey);
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ status: 'error', error: { code: 'error.api.auth.key.invalid' } });
  });

  it('needs a key when the server is for signed-in users only', async () => {
    process.env.ANON_ACCESS = 'off';
    try {
      const anonymous = base();
      delete anonymous.headers.Authorization;
      const res = await send(anonymous);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ status: 'error', error: { code: 'error.api.auth.key.missing' } });
      // the tunnel a keyed request got still opens without the key: it is signed
      const keyed = await send(recorded('mute-proxy'));
      expect((await fetchLink(keyed.json.url)).status).toBe(200);
    } finally {
      delete process.env.ANON_ACCESS;
    }
  }, 60_000);

  it('counts against the public API\'s daily limit and says how long to wait', async () => {
    process.env.API_DAILY_LIMIT = '1';
    try {
      const res = await send(base());
      expect(res.status).toBe(429);
      expect(res.json.status).toBe('error');
      expect(res.json.error.code).toBe('error.api.rate_exceeded');
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      delete process.env.API_DAILY_LIMIT;
    }
  });

  it('refuses a tunnel link whose signature or expiry was changed', async () => {
    const res = await send(recorded('mute-proxy'));
    const link = new URL(res.json.url);
    link.searchParams.set('itag', 'mp4-360');
    expect((await fetchLink(link.href)).status).toBe(404);
    const later = new URL(res.json.url);
    later.searchParams.set('exp', String(Number(later.searchParams.get('exp')) + 3600));
    expect((await fetchLink(later.href)).status).toBe(404);
  });
});

describe('GET /api/cobalt/', () => {
  it('answers cobalt\'s instance info: version 10, where to send requests, the platforms on', async () => {
    process.env.PLATFORMS_DISABLED = 'tiktok';
    try {
      const res = await info(new NextRequest('http://grab.example/api/cobalt/', { headers: { host: 'grab.example' } }), { params: Promise.resolve({}) });
      const body = await res.json();
      expect(body.cobalt).toMatchObject({ version: expect.stringMatching(/^10\./), url: 'http://grab.example/api/cobalt', durationLimit: 10_800 });
      expect(body.cobalt.services).toEqual(['youtube', 'instagram', 'facebook', 'twitter']);
      expect(Number(body.cobalt.startTime)).toBeLessThanOrEqual(Date.now());
      expect(body.git).toEqual({ commit: expect.any(String), branch: expect.any(String), remote: expect.any(String) });
    } finally {
      delete process.env.PLATFORMS_DISABLED;
    }
  });
});

describe('the OpenAPI document', () => {
  it('documents the cobalt-compatible API in cobalt\'s own shapes, with both key schemes', () => {
    const doc = buildOpenApiDocument('http://localhost:3000') as unknown as {
      paths: Record<string, Record<string, { security: object[]; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
      components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }>; anyOf?: unknown[] }> };
    };
    const post = doc.paths['/api/cobalt/'].post;
    expect(post.security).toEqual([{ cobaltApiKey: [] }, { bearerAuth: [] }, {}]);
    expect(post.responses['200'].content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/CobaltResponse' });
    expect(doc.paths['/api/cobalt/'].get).toBeDefined();
    expect(doc.paths['/api/cobalt/tunnel'].get).toBeDefined();
    const { CobaltRequest, CobaltResponse } = doc.components.schemas;
    expect(CobaltRequest.properties!.downloadMode.enum).toEqual(['auto', 'audio', 'mute']);
    expect(CobaltResponse.anyOf).toHaveLength(3);
  });
});
