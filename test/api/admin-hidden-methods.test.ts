import { readdirSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { autoImplementMethods } from 'next/dist/server/route-modules/app-route/helpers/auto-implement-methods';
import { HTTP_METHODS } from 'next/dist/server/web/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStores } from '@/lib/auth/store.testkit';
import { POST as issueToken } from '@/app/api/settings/token/route';
import { callRoute } from '@/lib/auth/store.testkit';
import { account, sameOrigin } from './admin.testkit';

type Handler = (req: NextRequest, ctx: { params: Promise<unknown> }) => Promise<Response> | Response;
type Module = Record<string, unknown>;

/** Every admin route file, with the URL it serves (a made-up id for a dynamic segment). */
function adminRoutes(): { file: string; url: string; params: Record<string, string> }[] {
  const root = path.join(process.cwd(), 'app/api/admin');
  const found: { file: string; url: string; params: Record<string, string> }[] = [];
  const walk = (dir: string, segments: string[], params: Record<string, string>) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isFile() && entry.name === 'route.ts') found.push({ file: path.join(dir, entry.name), url: `/api/admin/${segments.join('/')}`, params });
      if (!entry.isDirectory()) continue;
      const dynamic = /^\[(\w+)\]$/.exec(entry.name);
      walk(path.join(dir, entry.name), [...segments, dynamic ? 'x_1' : entry.name], dynamic ? { ...params, [dynamic[1]]: 'x_1' } : params);
    }
  };
  walk(root, [], {});
  return found;
}

/** The handler Next runs for `method` on a route module: its own export, else Next's automatic HEAD/OPTIONS/405. */
const handlerFor = (module: Module, method: string) => (autoImplementMethods(module as never) as Record<string, Handler>)[method];

async function answer(handler: Handler, url: string, method: string, headers: Record<string, string>, params: object) {
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(method);
  const req = new NextRequest(new URL(url, 'http://localhost'), {
    method,
    headers: { 'x-request-id': 'req-same', ...(hasBody ? { 'content-type': 'application/json' } : {}), ...headers },
    body: hasBody ? '{"role":"admin"}' : undefined,
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, body: await res.text(), headers: [...res.headers.entries()].sort() };
}

/**
 * A hidden admin route must be indistinguishable from a path that names nothing, for every method, to everyone but
 * a signed-in admin: same status, body and headers as the API's catch-all answers for an unknown path. Next answers
 * a method a route does not export with 405 (and OPTIONS with its own 204 and an Allow list), so each admin route
 * exports every method.
 */
describe('the admin routes answer any method as an unknown path does', () => {
  const [sqlite] = appStores();
  let close: () => Promise<void>;
  let callers: Record<string, Record<string, string>>;
  beforeAll(async () => {
    close = await sqlite.open();
    const member = await account('member@example.com');
    const token = (await callRoute(issueToken, '/api/settings/token', { method: 'POST', headers: sameOrigin(member.cookie) })).json.data.token;
    callers = { anonymous: {}, member: sameOrigin(member.cookie), token: { authorization: `Bearer ${token}` } };
  });
  afterAll(async () => close());

  it('for anonymous callers, members and API tokens', async () => {
    const catchAll = (await import('@/app/api/[...path]/route')) as Module;
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(13);
    const differences: string[] = [];
    for (const route of routes) {
      const routeModule = (await import(/* @vite-ignore */ route.file)) as Module;
      for (const method of HTTP_METHODS) {
        for (const [who, headers] of Object.entries(callers)) {
          const unknownUrl = route.url.replace('/api/admin/', '/api/nothing-here/');
          const hidden = await answer(handlerFor(routeModule, method), route.url, method, headers, route.params);
          const unknown = await answer(handlerFor(catchAll, method), unknownUrl, method, headers, { path: unknownUrl.split('/').slice(2) });
          if (JSON.stringify(hidden) !== JSON.stringify(unknown)) {
            differences.push(`${method} ${route.url} (${who}): ${hidden.status} ${hidden.body.slice(0, 60)} [${hidden.headers.map(([k]) => k).join(',')}] ≠ ${unknown.status} ${unknown.body.slice(0, 60)} [${unknown.headers.map(([k]) => k).join(',')}]`);
          }
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('and the unknown path is a 404 not_found for every method', async () => {
    const catchAll = (await import('@/app/api/[...path]/route')) as Module;
    for (const method of HTTP_METHODS) {
      const unknown = await answer(handlerFor(catchAll, method), '/api/nothing-here', method, {}, { path: ['nothing-here'] });
      expect([method, unknown.status, method === 'HEAD' ? 'not_found' : JSON.parse(unknown.body).code]).toEqual([method, 404, 'not_found']);
    }
  });
});
