import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FIXTURE_PORT } from '../playwright.config';
import { nginxInstalled, startNginx } from './nginx';

/**
 * Grabline as it is deployed: Debian's nginx in front, with the very proxy configuration the compose file ships
 * (deploy/nginx.conf.template), and the server bound to loopback behind it. Pages, the live status stream
 * (event by event, not buffered), downloads and ranges must all come through whole.
 */
const NGINX_PORT = Number(process.env.E2E_NGINX_PORT ?? 3124);
const PROXY = `http://127.0.0.1:${NGINX_PORT}`;
const FIXTURE = `http://127.0.0.1:${FIXTURE_PORT}`;
let nginx: { stop: () => Promise<void> } | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  test.skip(!nginxInstalled(), 'nginx is not installed (the test command installs it)');
  const server = readFileSync(join(__dirname, '..', 'deploy', 'nginx.conf.template'), 'utf8')
    .replaceAll('${GRABLINE_UPSTREAM}', new URL(baseURL!).host)
    .replaceAll('${LISTEN_PORT}', `127.0.0.1:${NGINX_PORT}`);
  nginx = await startNginx(server, `${PROXY}/api/health/live`);
});

test.afterAll(async () => {
  await nginx?.stop();
});

test('pages answer 200 through the proxy, in every locale', async ({ page }) => {
  for (const path of ['/', '/ar', '/fr/download', '/ar-EG/bulk', '/login']) {
    const res = await fetch(`${PROXY}${path}`, { redirect: 'manual' });
    expect(res.status, path).toBe(200);
  }
  await page.goto(`${PROXY}/download`);
  await expect(page.locator('h1').first()).toBeVisible();
});

test('the live status stream comes through event by event, and the file and its ranges whole', async () => {
  const started = await fetch(`${PROXY}/api/analyze`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${FIXTURE}/_sw/latency=1500/video.mp4?nginx=${Date.now()}`, engine: 'native' }),
  });
  const { data } = (await started.json()) as { data: { jobId: string; status: string } };
  expect(['queued', 'analyzing']).toContain(data.status);

  // Unbuffered: the first event arrives while the job is still running, long before the stream ends.
  const stream = await fetch(`${PROXY}/api/status/${data.jobId}`, { headers: { accept: 'text/event-stream' } });
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let firstEventAt = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (!firstEventAt && text.includes('data: ')) firstEventAt = performance.now();
  }
  const events = text.split('\n\n').filter((b) => b.startsWith('data: ')).map((b) => JSON.parse(b.slice(6)).data);
  expect(events[0].status).not.toBe('ready');
  expect(events.at(-1).status).toBe('ready');
  expect(performance.now() - firstEventAt).toBeGreaterThan(300);

  const media = events.at(-1).metadata as { id: string; formats: { itag: string; ext: string }[] };
  const mp4 = media.formats.find((f) => f.ext === 'mp4')!;
  const path = `/api/download/${media.id}?itag=${encodeURIComponent(mp4.itag)}&ext=mp4`;
  const [viaProxy, source] = await Promise.all([
    fetch(`${PROXY}${path}`).then((r) => r.arrayBuffer()),
    fetch(`${FIXTURE}/video.mp4`).then((r) => r.arrayBuffer()),
  ]);
  expect(viaProxy.byteLength).toBe(source.byteLength);
  expect(Buffer.from(viaProxy).equals(Buffer.from(source))).toBe(true);

  const ranged = await fetch(`${PROXY}${path}`, { headers: { range: 'bytes=100-199' } });
  expect(ranged.status).toBe(206);
  expect(Buffer.from(await ranged.arrayBuffer()).equals(Buffer.from(source.slice(100, 200)))).toBe(true);
});
