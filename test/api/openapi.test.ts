import { describe, expect, it } from 'vitest';
import { GET } from '@/app/api/openapi.json/route';
import { callRoute } from '@/lib/auth/store.testkit';
import { buildOpenApiDocument } from '@/lib/openapi/document';

type Json = Record<string, unknown>;

/** Every `$ref` in a value, wherever it sits. */
function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, out));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') out.push(child);
      else refsIn(child, out);
    }
  }
  return out;
}

function resolve(doc: Json, ref: string): unknown {
  expect(ref.startsWith('#/')).toBe(true);
  return ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
}

describe('GET /api/openapi.json', () => {
  it('answers an OpenAPI 3.1 document, unwrapped', async () => {
    const res = await callRoute(GET, '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    expect(res.json.info.title).toBe('Grabline API');
  });

  const doc = buildOpenApiDocument('http://localhost:3000') as unknown as Json;
  const paths = doc.paths as Record<string, Record<string, Json>>;

  it('documents the public API, auth, history and settings', () => {
    expect(Object.keys(paths)).toEqual(expect.arrayContaining([
      '/api/media/analyze', '/api/media/download', '/api/media/progress/{downloadId}',
      '/api/auth/login', '/api/auth/register', '/api/history', '/api/history/{id}', '/api/history/{id}/redownload',
      '/api/history/export', '/api/settings', '/api/settings/token', '/api/notifications', '/api/auth/tokens', '/api/auth/tokens/{id}',
    ]));
    // The admin routes answer 404 to everyone else; the public document must not name them either.
    expect(Object.keys(paths).filter((path) => path.startsWith('/api/admin'))).toEqual([]);
  });

  it('gives every operation an id, a summary and responses with a success', () => {
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, where).toBeTypeOf('string');
        expect(op.summary, where).toBeTypeOf('string');
        const codes = Object.keys(op.responses as Json);
        expect(codes.some((code) => code.startsWith('2')), where).toBe(true);
        for (const param of path.match(/\{(\w+)\}/g) ?? []) {
          const names = ((op.parameters ?? []) as Json[]).filter((p) => p.in === 'path').map((p) => p.name);
          expect(names, where).toContain(param.slice(1, -1));
        }
      }
    }
  });

  it('resolves every $ref', () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) expect(resolve(doc, ref), ref).toBeTruthy();
  });

  it('generates the media schemas from the zod schemas', () => {
    const schemas = (doc.components as Json).schemas as Record<string, Json>;
    expect(schemas.AnalyzeRequest.properties).toHaveProperty('url');
    expect((schemas.MediaInfo.properties as Json).formats).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Format' } });
    expect((schemas.DownloadRequest.properties as Record<string, Json>).format.enum).toContain('mp3');
    expect((schemas.SettingsPatch.properties as Record<string, Json>).defaultQuality.enum).toEqual(['360p', '720p', '1080p', '1440p', '2160p']);
    for (const schema of Object.values(schemas)) expect(schema).not.toHaveProperty('$schema');
  });

  it('puts bearerAuth, the RateLimit headers and a 429 on the public API', () => {
    for (const path of ['/api/media/analyze', '/api/media/download', '/api/media/progress/{downloadId}']) {
      const op = Object.values(paths[path])[0];
      expect(op.security).toEqual([{ bearerAuth: [] }]);
      const responses = op.responses as Record<string, Json>;
      expect(Object.keys(responses['200'].headers as Json)).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
      expect(Object.keys(responses['429'].headers as Json)).toContain('Retry-After');
    }
    expect(((doc.components as Json).securitySchemes as Json).bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('the API page’s endpoint list', () => {
  it('is the public API’s operations with the document’s examples (a file answer named by its media type)', async () => {
    const { publicEndpoints } = await import('@/lib/openapi/endpoint-docs');
    const endpoints = publicEndpoints(buildOpenApiDocument('http://localhost:3000'));
    expect(endpoints.map((e) => `${e.method} ${e.path}`)).toEqual([
      'POST /api/media/analyze', 'POST /api/media/download', 'GET /api/download/{id}', 'GET /api/download/{id}/zip',
      'GET /api/media/progress/{downloadId}', 'DELETE /api/media/progress/{downloadId}', 'GET /api/media/progress/{downloadId}/file',
      'POST /api/media/progress/{downloadId}/retry',
    ]);
    expect(endpoints[0].request).toEqual({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(endpoints[2]).toMatchObject({ file: 'application/octet-stream' });
    expect(endpoints[2].response).toBeUndefined();
    expect(endpoints[3]).toMatchObject({ id: 'zip', file: 'application/zip' });
    expect(endpoints[4].response).toMatchObject({ success: true, data: { status: 'ready', progress: 100 } });
    expect(endpoints[5].response).toMatchObject({ success: true, data: { status: 'failed', code: 'cancelled' } });
  });
});
