import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as createToken } from '@/app/api/auth/tokens/route';
import { TOKEN_SCOPES, type TokenScope } from '@/lib/auth/token-scopes';
import { appStores, callRoute, type CallResult } from '@/lib/auth/store.testkit';
import { unknownRoute } from '@/lib/server';
import { COBALT_ERROR_CODES } from '@/lib/cobalt/error-codes';

/**
 * What an API token may call, route by route. A token holding the scope a route names is let in as its owner; a
 * token without it is refused (403 token_scope). Otherwise:
 * - `no tokens`: a signed-in session only; any API token is refused (403 forbidden).
 * - `admins`: an admin's session only; everyone else, tokens included, gets the 404 of a route that does not exist.
 * - `public`: no credential is read at all; a token changes nothing in the answer.
 * Every route file under app/api and every method it exports must be listed here: a new route, or a change of
 * who may call one, is written down in this table.
 */
type Policy = TokenScope | 'no tokens' | 'admins' | 'public';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const POLICY: Record<string, Policy> = {
  'GET /api/[...path]': 'admins',
  'POST /api/[...path]': 'admins',
  'PUT /api/[...path]': 'admins',
  'PATCH /api/[...path]': 'admins',
  'DELETE /api/[...path]': 'admins',
  'GET /api/admin/audit': 'admins',
  'GET /api/admin/engine-update': 'admins',
  'POST /api/admin/engine-update': 'admins',
  'GET /api/admin/invites': 'admins',
  'POST /api/admin/invites': 'admins',
  'DELETE /api/admin/invites/[id]': 'admins',
  'GET /api/admin/openapi.json': 'admins',
  'GET /api/admin/platforms': 'admins',
  'GET /api/admin/queue': 'admins',
  'DELETE /api/admin/queue/[id]': 'admins',
  'GET /api/admin/storage': 'admins',
  'GET /api/admin/usage': 'admins',
  'GET /api/admin/users': 'admins',
  'PATCH /api/admin/users/[id]': 'admins',
  'DELETE /api/admin/users/[id]': 'admins',
  'GET /api/admin/users/[id]/limits': 'admins',
  'PUT /api/admin/users/[id]/limits': 'admins',

  'POST /api/analyze': 'no tokens',
  'GET /api/status/[jobId]': 'no tokens',
  'GET /api/platform': 'public',
  'GET /api/platform-status': 'public',
  'GET /api/thumbnail': 'public',
  'GET /api/creators/[slug]': 'public',
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/openapi.json': 'public',

  'POST /api/auth/login': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/refresh': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/oidc/start': 'public',
  'GET /api/auth/oidc/callback': 'public',
  'POST /api/auth/oidc/link': 'no tokens',
  'GET /api/auth/me': 'no tokens',
  'GET /api/auth/tokens': 'no tokens',
  'POST /api/auth/tokens': 'no tokens',
  'DELETE /api/auth/tokens/[id]': 'no tokens',

  'POST /api/media/analyze': 'analyze',
  'POST /api/media/download': 'download',
  'GET /api/media/progress/[id]': 'download',
  'DELETE /api/media/progress/[id]': 'download',
  'POST /api/media/progress/[id]/retry': 'download',
  'GET /api/media/progress/[id]/file': 'download',
  'GET /api/download/[id]': 'download',
  'GET /api/download/[id]/zip': 'download',
  'POST /api/cobalt': 'download',
  'GET /api/cobalt': 'public',
  'GET /api/cobalt/tunnel': 'public',

  'POST /api/bulk': 'bulk',
  'GET /api/bulk/[batchId]': 'bulk',
  'DELETE /api/bulk/[batchId]': 'bulk',
  'POST /api/bulk/[batchId]/retry': 'bulk',
  'GET /api/bulk/[batchId]/zip': 'bulk',
  'DELETE /api/bulk/[batchId]/items/[itemId]': 'bulk',
  'POST /api/bulk/[batchId]/items/[itemId]/retry': 'bulk',

  'GET /api/history': 'history:read',
  'DELETE /api/history': 'no tokens',
  'GET /api/history/seen/[mediaId]': 'history:read',
  'DELETE /api/history/[id]': 'no tokens',
  'POST /api/history/[id]/redownload': 'no tokens',
  'GET /api/history/export': 'no tokens',
  'GET /api/dashboard/overview': 'no tokens',
  'GET /api/notifications': 'no tokens',
  'POST /api/notifications/read': 'no tokens',

  'GET /api/presets': 'download',
  'POST /api/presets': 'no tokens',
  'PATCH /api/presets/[id]': 'no tokens',
  'DELETE /api/presets/[id]': 'no tokens',
  'GET /api/settings': 'no tokens',
  'PATCH /api/settings': 'no tokens',
  'GET /api/settings/defaults': 'no tokens',
  'GET /api/settings/token': 'no tokens',
  'POST /api/settings/token': 'no tokens',
  'GET /api/settings/cookies': 'no tokens',
  'PUT /api/settings/cookies/[platform]': 'no tokens',
  'DELETE /api/settings/cookies/[platform]': 'no tokens',

  'GET /api/follows': 'no tokens',
  'POST /api/follows': 'no tokens',
  'GET /api/follows/uploads': 'no tokens',
  'PATCH /api/follows/[followId]': 'no tokens',
  'DELETE /api/follows/[followId]': 'no tokens',
  'POST /api/follows/[followId]/check': 'no tokens',
  'DELETE /api/follows/[followId]/uploads/[mediaId]': 'no tokens',
  'POST /api/follows/[followId]/uploads/[mediaId]/download': 'no tokens',
  'GET /api/follows/[followId]/feed': 'no tokens',
  'POST /api/follows/[followId]/feed': 'no tokens',
  'PATCH /api/follows/[followId]/feed': 'no tokens',
  'DELETE /api/follows/[followId]/feed': 'no tokens',
  // A podcast feed's own secret in its path is its only credential: podcast apps send no token.
  'GET /api/podcast/[followId]/[token]/feed.xml': 'public',
  'GET /api/podcast/[followId]/[token]/media/[file]': 'public',
  'GET /api/podcast/[followId]/[token]/chapters/[file]': 'public',
  'GET /api/settings/window': 'no tokens',
  'PUT /api/settings/window': 'no tokens',
  'GET /api/settings/sponsorblock': 'no tokens',
  'PUT /api/settings/sponsorblock': 'no tokens',
  'GET /api/library/settings': 'no tokens',
  'PATCH /api/library/settings': 'no tokens',

  'GET /api/webhooks': 'no tokens',
  'POST /api/webhooks': 'no tokens',
  'GET /api/webhooks/[id]': 'no tokens',
  'PATCH /api/webhooks/[id]': 'no tokens',
  'DELETE /api/webhooks/[id]': 'no tokens',
  'POST /api/webhooks/[id]/test': 'no tokens',
};

/**
 * Route params of the right shape (a malformed one is answered 404 before any credential is looked at, which would
 * hide what the route does with a token): by the route's folder where ids carry a prefix, else by the param's name.
 */
const PARAMS_BY_ROUTE: Record<string, Record<string, string | string[]>> = {
  '/api/[...path]': { path: ['nothing'] },
  '/api/admin/invites/[id]': { id: 'inv_x1' },
  '/api/admin/users/[id]': { id: 'usr_x1' },
  '/api/admin/users/[id]/limits': { id: 'usr_x1' },
  '/api/auth/tokens/[id]': { id: 'tok_x1' },
  '/api/presets/[id]': { id: 'pre_x1' },
  '/api/webhooks/[id]': { id: `whk_${'x'.repeat(22)}` },
  '/api/webhooks/[id]/test': { id: `whk_${'x'.repeat(22)}` },
  '/api/settings/cookies/[platform]': { platform: 'youtube' },
};

/** A query the route needs before it looks at the caller (a malformed one is answered 400 first). */
const QUERY_BY_ROUTE: Record<string, string> = {
  '/api/download/[id]': '?itag=mp4-720p',
};

const API_DIR = path.join(process.cwd(), 'app', 'api');

/** Every route file under app/api, as its URL pattern (`/api/media/progress/[id]`) and its file. */
function routeFiles(dir = API_DIR): Array<{ pattern: string; file: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    if (!/^route\.(ts|tsx|js)$/.test(entry.name)) return [];
    const pattern = `/api${path.relative(API_DIR, dir).split(path.sep).map((part) => (part ? `/${part}` : '')).join('')}`;
    return [{ pattern, file: full }];
  });
}

type Handler = Parameters<typeof callRoute>[0];
interface Endpoint { key: string; pattern: string; method: (typeof METHODS)[number]; handler: Handler; params: Record<string, string | string[]> }

async function endpoints(): Promise<Endpoint[]> {
  const found: Endpoint[] = [];
  for (const { pattern, file } of routeFiles()) {
    const mod = (await import(file)) as Record<string, unknown>;
    const names = [...pattern.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((m) => m[1]);
    const params = PARAMS_BY_ROUTE[pattern] ?? Object.fromEntries(names.map((name) => [name, 'x1']));
    for (const method of METHODS) {
      // An admin route answers the methods it does not serve as an unknown path does (the catch-all's own handler,
      // test/api/admin-hidden-methods.test.ts): those are the catch-all's rows, not routes of their own.
      if (mod[method] === unknownRoute && pattern !== '/api/[...path]') continue;
      if (typeof mod[method] === 'function') found.push({ key: `${method} ${pattern}`, pattern, method, handler: mod[method] as Handler, params });
    }
  }
  return found;
}

/** The request a route gets: params and query of the right shape, a JSON body `{}` on a change, no Origin (not a browser page). */
function send(endpoint: Endpoint, headers: Record<string, string>): Promise<CallResult> {
  const url = endpoint.pattern.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => [endpoint.params[name]].flat().join('/'));
  const body = endpoint.method === 'GET' ? undefined : {};
  return callRoute(endpoint.handler, `${url}${QUERY_BY_ROUTE[endpoint.pattern] ?? ''}`, { method: endpoint.method, body, params: endpoint.params, headers: { accept: 'application/json', ...headers } });
}

/** The envelope's code, or cobalt's for the cobalt-compatible route. */
const codeOf = (res: CallResult): string | undefined => res.json?.code ?? res.json?.error?.code;

const store = appStores()[0];

describe('API routes × token scopes', () => {
  let close: () => Promise<void>;
  let found: Endpoint[];
  const tokens = {} as Record<TokenScope, string>;

  beforeAll(async () => {
    close = await store.open();
    found = await endpoints();
    const credentials = { email: 'scopes@example.com', password: 'correct horse' };
    await callRoute(register, '/api/auth/register', { body: credentials });
    const cookie = `gl_access=${(await callRoute(login, '/api/auth/login', { body: credentials })).json.data.accessToken}`;
    for (const scope of TOKEN_SCOPES) {
      const made = await callRoute(createToken, '/api/auth/tokens', { body: { name: scope, scopes: [scope] }, headers: { cookie } });
      tokens[scope] = made.json.data.token;
    }
  });
  afterAll(async () => close?.());

  it('lists every route file and method under app/api, and nothing that is not there', () => {
    expect(found.length).toBeGreaterThan(50);
    expect(found.map((e) => e.key).sort()).toEqual(Object.keys(POLICY).sort());
  });

  it.each(TOKEN_SCOPES)('a token holding only %s is refused wherever the table does not give it that scope', async (scope) => {
    for (const endpoint of found) {
      const policy = POLICY[endpoint.key];
      const res = await send(endpoint, { authorization: `Bearer ${tokens[scope]}` });
      const outcome = `${endpoint.key} → ${res.status} ${codeOf(res) ?? ''}`;
      if (policy === scope) {
        // Let in as its owner: whatever the route then answers, it is not a refusal of the credential.
        expect.soft([401, 403], outcome).not.toContain(res.status);
      } else if (policy === 'public') {
        expect.soft(res.status, outcome).toBe((await send(endpoint, {})).status);
      } else if (policy === 'admins') {
        expect.soft([res.status, codeOf(res)], outcome).toEqual([404, 'not_found']);
      } else if (policy === 'no tokens') {
        expect.soft([res.status, codeOf(res)], outcome).toEqual([403, 'forbidden']);
      } else {
        const code = endpoint.pattern === '/api/cobalt' ? COBALT_ERROR_CODES.token_scope : 'token_scope';
        expect.soft([res.status, codeOf(res)], outcome).toEqual([403, code]);
      }
    }
  });
});
