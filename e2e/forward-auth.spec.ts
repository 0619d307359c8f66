import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FIXTURE_PORT } from '../playwright.config';
import { startNextServer } from '../test/next-server';
import { nginxInstalled, startNginx } from './nginx';

/**
 * Who is calling, as a production server sees it on real sockets. The server trusts one proxy address,
 * 127.0.0.2 (nginx connects from it with proxy_bind), which signs its visitors in with forward-auth and the shared
 * secret. A client reaching the port directly from 127.0.0.1 forges the email header, X-Forwarded-For and even the
 * secret: it gets nothing, and it cannot escape its per-client limits by rotating X-Forwarded-For either.
 */
const PORT = Number(process.env.E2E_FORWARD_AUTH_PORT ?? 3141);
const NGINX_PORT = Number(process.env.E2E_FORWARD_AUTH_NGINX_PORT ?? 3142);
const DIRECT = `http://127.0.0.1:${PORT}`;
const PROXY = `http://127.0.0.1:${NGINX_PORT}`;
const FIXTURE = `http://127.0.0.1:${FIXTURE_PORT}`;
const SECRET = 'e2e-forward-auth-secret-0123456789abcdef';
const BOSS = 'boss@corp.test';

let server: ChildProcess | undefined;
let nginx: { stop: () => Promise<void> } | undefined;
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.skip(!nginxInstalled(), 'nginx is not installed (the test command installs it)');
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'grabline-forward-auth-'));
  server = await startNextServer(PORT, {
    DATA_DIR: dataDir,
    TEMP_DIR: join(dataDir, 'temp'),
    SITE_URL: PROXY,
    MEDIA_FETCH_ALLOW: new URL(FIXTURE).host,
    TRUST_PROXY: '1',
    TRUST_PROXY_FROM: '127.0.0.2',
    AUTH_PROXY_HEADER: 'Remote-Email',
    AUTH_PROXY_SECRET: SECRET,
    ADMIN_EMAILS: BOSS,
    STATUS_STREAMS_PER_CLIENT: '3',
  });
  // What an nginx in front of Authelia does once auth_request said yes: it names the user and proves it passed.
  nginx = await startNginx(`
    server {
      listen 127.0.0.1:${NGINX_PORT};
      location / {
        proxy_pass http://127.0.0.1:${PORT};
        proxy_bind 127.0.0.2;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header Remote-Email "${BOSS}";
        proxy_set_header X-Auth-Proxy-Secret "${SECRET}";
        proxy_buffering off;
      }
    }`, `${PROXY}/api/health/live`);
});

test.afterAll(async () => {
  await nginx?.stop();
  server?.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A raw request with exactly these headers (fetch would refuse to send some, and adds its own). */
function direct(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${DIRECT}${path}`, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the proxy signs its visitor in; a direct client forging every header gets nothing', async () => {
  const through = await fetch(`${PROXY}/api/auth/me`);
  expect(through.status).toBe(200);
  expect((await through.json()).data.email).toBe(BOSS);

  const forgeries: Record<string, string>[] = [
    { 'remote-email': BOSS },
    { 'remote-email': BOSS, 'x-forwarded-for': '127.0.0.2' },
    { 'remote-email': BOSS, 'x-forwarded-for': '127.0.0.2', 'x-auth-proxy-secret': 'guess' },
    // Even the right secret: the connection does not come from the proxy's address.
    { 'remote-email': BOSS, 'x-forwarded-for': '10.0.0.1, 127.0.0.2', 'x-auth-proxy-secret': SECRET },
  ];
  for (const headers of forgeries) {
    expect((await direct('/api/auth/me', headers)).status, JSON.stringify(headers)).toBe(401);
    expect((await direct('/api/admin/users', headers)).status, JSON.stringify(headers)).toBe(404);
  }
});

test('a direct client is capped by its own address, whatever X-Forwarded-For it rotates', async () => {
  const started = await fetch(`${DIRECT}/api/analyze`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${FIXTURE}/_sw/latency=8000/video.mp4?forward-auth=${Date.now()}`, engine: 'native' }),
  });
  const { data } = (await started.json()) as { data: { jobId: string } };
  const open = new AbortController();
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${DIRECT}/api/status/${data.jobId}`, {
      headers: { accept: 'text/event-stream', 'x-forwarded-for': `203.0.113.${i}` },
      signal: open.signal,
    });
    statuses.push(res.status);
    if (res.status !== 200) await res.body?.cancel();
  }
  open.abort();
  expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
});
