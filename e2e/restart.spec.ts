import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FIXTURE_PORT } from '../playwright.config';
import { startNextServer } from '../test/next-server';

/**
 * The production server (`next start`, on loopback) is killed with SIGKILL in the middle of preparing a download
 * and started again on the same store and temp folder: the job reads as failed with a clear message, the half-written
 * work is swept, and the same download then comes out whole.
 */
const PORT = Number(process.env.E2E_RESTART_PORT ?? 3125);
const BASE = `http://127.0.0.1:${PORT}`;
const FIXTURE = `http://127.0.0.1:${FIXTURE_PORT}`;
let server: ChildProcess | undefined;
let dataDir: string;
let tempDir: string;

test.describe.configure({ mode: 'serial' });

const startServer = () => startNextServer(PORT, { DATA_DIR: dataDir, TEMP_DIR: tempDir, MEDIA_FETCH_ALLOW: new URL(FIXTURE).host });

const progress = async (id: string) =>
  ((await (await fetch(`${BASE}/api/media/progress/${id}`)).json()) as { data: { status: string; message: string; downloadUrl: string | null } }).data;

test.beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'grabline-restart-data-'));
  tempDir = mkdtempSync(join(tmpdir(), 'grabline-restart-temp-'));
});

test.afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(tempDir, { recursive: true, force: true });
});

test('SIGKILL mid-download, then a restart: the job failed plainly, its half-written work swept, the file whole again', async () => {
  test.setTimeout(120_000);
  server = await startServer();
  // A slow source (150 kB/s), converted to MP3: the preparation is under way for seconds.
  const slow = `${FIXTURE}/_sw/throttle=150000/video.mp4`;
  const started = await fetch(`${BASE}/api/media/download`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: slow, quality: '128kbps', format: 'mp3' }),
  });
  const { data } = (await started.json()) as { data: { downloadId: string } };
  await expect.poll(async () => (await progress(data.downloadId)).status, { timeout: 30_000 }).toBe('processing');
  await expect.poll(() => readdirSync(tempDir).length, { timeout: 10_000 }).toBeGreaterThan(0);
  const leftBehind = readdirSync(tempDir);

  server.kill('SIGKILL');
  await new Promise((resolve) => server!.once('exit', resolve));
  server = await startServer();

  const after = await progress(data.downloadId);
  expect(after).toMatchObject({ status: 'failed', message: 'Interrupted by a server restart', downloadUrl: null });

  // The same download again, from a fast source: it comes out whole, and the dead process's work is gone.
  const again = await fetch(`${BASE}/api/media/download`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: `${FIXTURE}/video.mp4`, quality: '128kbps', format: 'mp3' }),
  });
  const { data: second } = (await again.json()) as { data: { downloadId: string } };
  await expect.poll(async () => (await progress(second.downloadId)).status, { timeout: 60_000 }).toBe('ready');
  const file = await fetch(`${BASE}${(await progress(second.downloadId)).downloadUrl}`);
  expect(file.status).toBe(200);
  const path = join(dataDir, 'again.mp3');
  writeFileSync(path, Buffer.from(await file.arrayBuffer()));
  const duration = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path], { encoding: 'utf8' }));
  expect(duration).toBeGreaterThan(4);
  execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-f', 'null', '-']);
  await expect.poll(() => leftBehind.filter((name) => existsSync(join(tempDir, name))), { timeout: 10_000 }).toEqual([]);
});
