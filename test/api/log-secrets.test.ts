import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as analyze } from '@/app/api/analyze/route';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as logout } from '@/app/api/auth/logout/route';
import { GET as me } from '@/app/api/auth/me/route';
import { POST as refresh } from '@/app/api/auth/refresh/route';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as startBulk } from '@/app/api/bulk/route';
import { GET as readBatch } from '@/app/api/bulk/[batchId]/route';
import { GET as download } from '@/app/api/download/[id]/route';
import { POST as mediaAnalyze } from '@/app/api/media/analyze/route';
import { POST as issueToken } from '@/app/api/settings/token/route';
import { GET as status } from '@/app/api/status/[jobId]/route';
import { forgetJwtKey } from '@/lib/http/server-secret';
import { callRoute, type CallResult } from '@/lib/auth/store.testkit';
import { closeDb } from '@/lib/db';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';

// Every value below is something a caller sends or is given; none of it may reach a log line.
const EMAIL = 'canary-user-5d1c@example.com';
const PASSWORD = 'canary-pass-8b2f91';
const WRONG_TOKEN = 'gl_canarywrongtoken0000000000000000000000000';
const SECRET_QUERY = 'sig=canary-source-secret-77aa';

let site: FixtureSite;
let dataDir: string;
const captured: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-logs-'));
  vi.stubEnv('DATA_DIR', dataDir);
  vi.stubEnv('DATABASE_URL', '');
  forgetJwtKey();
  site = await startFixtureSite();
  vi.stubEnv('MEDIA_FETCH_ALLOW', `127.0.0.1:${site.port}`);
  // The request logger is quiet under test; this file runs it as production does.
  vi.stubEnv('NODE_ENV', 'production');
  const keep = (stream: NodeJS.WriteStream) => {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
      captured.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write);
  };
  keep(process.stdout);
  keep(process.stderr);
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      captured.push(args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
    });
  }
});

afterAll(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await getYtdlpPool().close();
  await site?.close();
  await closeDb();
  forgetJwtKey();
  rmSync(dataDir, { recursive: true, force: true });
});

const requestLines = () =>
  captured.flatMap((chunk) => chunk.split('\n')).filter((line) => line.startsWith('{') && line.includes('"msg":"request"'));

async function until(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition never met');
}

describe('logs', () => {
  it('carry no token, cookie, password, email or source URL, whatever the routes were sent', async () => {
    const secrets: string[] = [EMAIL, PASSWORD, WRONG_TOKEN, SECRET_QUERY, 'canary-source-secret'];
    const calls: CallResult[] = [];
    const call = async (...args: Parameters<typeof callRoute>) => {
      const res = await callRoute(...args);
      calls.push(res);
      return res;
    };

    await call(register, '/api/auth/register', { body: { email: EMAIL, password: PASSWORD } });
    await call(register, '/api/auth/register', { body: { email: EMAIL, password: PASSWORD } });
    await call(login, '/api/auth/login', { body: { email: EMAIL, password: `${PASSWORD}-wrong` } });
    await call(login, '/api/auth/login', { body: `{"email":"${EMAIL}","password":"${PASSWORD}"`, headers: { 'content-type': 'application/json' } });
    const session = await call(login, '/api/auth/login', { body: { email: EMAIL, password: PASSWORD } });
    expect(session.status).toBe(200);
    const { accessToken, refreshToken } = session.json.data as { accessToken: string; refreshToken: string };
    const cookie = `gl_access=${accessToken}; gl_refresh=${refreshToken}`;
    secrets.push(accessToken, refreshToken);

    expect((await call(me, '/api/auth/me', { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(200);
    expect((await call(me, '/api/auth/me', { headers: { cookie } })).status).toBe(200);
    expect((await call(me, '/api/auth/me', { headers: { authorization: `Bearer ${WRONG_TOKEN}` } })).status).toBe(401);
    const issued = await call(issueToken, '/api/settings/token', { method: 'POST', headers: { cookie } });
    expect(issued.status).toBe(200);
    const apiToken = issued.json.data.token as string;
    secrets.push(apiToken);

    const source = `${site.origin}/video.mp4?${SECRET_QUERY}`;
    const missing = `${site.origin}/missing.mp4?${SECRET_QUERY}`;
    const started = await call(analyze, `/api/analyze?url=${encodeURIComponent(source)}`, { body: { url: source } });
    expect(started.status).toBe(200);
    const jobId = started.json.data.jobId as string;
    await until(async () => ['ready', 'error'].includes((await call(status, `/api/status/${jobId}`, { params: { jobId } })).json.data.status));
    const failed = await call(analyze, '/api/analyze', { body: { url: missing } });
    const failedId = failed.json.data.jobId as string;
    await until(async () => ['ready', 'error'].includes((await call(status, `/api/status/${failedId}`, { params: { jobId: failedId } })).json.data.status));
    await call(analyze, '/api/analyze', { body: { url: `https://canary-unsupported.invalid/${SECRET_QUERY}` } });
    const info = await call(mediaAnalyze, '/api/media/analyze', { body: { url: source }, headers: { authorization: `Bearer ${apiToken}` } });
    expect(info.status).toBe(200);
    const mediaId = info.json.data.id as string;
    const file = await download(new NextRequest(`http://localhost/api/download/${mediaId}?itag=mp4-720&ext=mp4&${SECRET_QUERY}`), {
      params: Promise.resolve({ id: mediaId }),
    });
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const bulk = await call(startBulk, '/api/bulk', { body: { urls: [source, missing] } });
    const { batchId, statusUrl } = bulk.json.data as { batchId: string; statusUrl: string };
    secrets.push(new URL(statusUrl, 'http://x').searchParams.get('key')!);
    await until(async () => (await call(readBatch, statusUrl, { params: { batchId } })).json.data.done);
    await call(refresh, '/api/auth/refresh', { body: { refreshToken } });
    await call(refresh, '/api/auth/refresh', { body: { refreshToken } });
    await call(logout, '/api/auth/logout', { method: 'POST', headers: { cookie } });

    // The capture works: one line per request, each with its path and status.
    const lines = requestLines();
    expect(lines.length).toBeGreaterThanOrEqual(calls.length);
    expect(lines.some((line) => line.includes('"path":"/api/auth/login"') && line.includes('"status":401'))).toBe(true);
    expect(lines.some((line) => line.includes(`"path":"/api/download/${mediaId}"`))).toBe(true);

    const everything = captured.join('\n');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(everything.includes(secret), `a log line carries ${secret.slice(0, 12)}…`).toBe(false);
      expect(everything.includes(encodeURIComponent(secret)), `a log line carries ${secret.slice(0, 12)}… (encoded)`).toBe(false);
    }
  }, 120_000);
});
