import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { closeDb } from '@/lib/db';
import { createTestSchema, dropTestSchema, withSearchPath } from '@/test/db-engines';
import { forgetJwtKey } from '@/lib/http/server-secret';

/**
 * Route handlers reach the process's store, so a test picks the engine through the environment:
 * `describe.each(appStores())('$name', ({ open }) => { beforeEach(async () => (close = await open())) … })`.
 * Each open() gives a fresh, empty store and data dir (hence a fresh JWT secret); close() removes both.
 */
export function appStores(): Array<{ name: 'sqlite' | 'postgres'; open: () => Promise<() => Promise<void>> }> {
  const stores: ReturnType<typeof appStores> = [{ name: 'sqlite', open: () => openStore() }];
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) stores.push({ name: 'postgres', open: () => openStore(baseUrl) });
  return stores;
}

async function openStore(pgBaseUrl?: string): Promise<() => Promise<void>> {
  await closeDb();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-auth-'));
  const schema = pgBaseUrl ? await createTestSchema(pgBaseUrl) : undefined;
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = pgBaseUrl && schema ? withSearchPath(pgBaseUrl, schema) : '';
  forgetJwtKey();
  return async () => {
    await closeDb();
    if (pgBaseUrl && schema) await dropTestSchema(pgBaseUrl, schema);
    rmSync(dataDir, { recursive: true, force: true });
    forgetJwtKey();
  };
}

type RouteHandler = (req: NextRequest, ctx: { params: Promise<never> }) => Promise<Response>;

export interface CallResult {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are asserted field by field
  json: any;
  /** Set-Cookie values by cookie name. */
  cookies: Record<string, string>;
}

/** Calls a route handler as Next would; `body` is sent as JSON unless it is already a string. */
export async function callRoute(
  handler: RouteHandler,
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; params?: object } = {},
): Promise<CallResult> {
  const body = init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  const req = new NextRequest(new URL(url, 'http://localhost'), {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    body,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
  });
  const res = await handler(req, { params: Promise.resolve(init.params ?? {}) as Promise<never> });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null, cookies: setCookies(res.headers) };
}

export function setCookies(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of headers.getSetCookie()) out[line.slice(0, line.indexOf('='))] = line;
  return out;
}

/** The value of a Set-Cookie line. */
export function cookieValue(line: string | undefined): string | undefined {
  return line?.slice(line.indexOf('=') + 1).split(';')[0];
}
