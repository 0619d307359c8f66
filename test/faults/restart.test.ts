import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as progressGet } from '@/app/api/media/progress/[id]/route';
import { getPreparations } from '@/lib/media/deliver';
import { analyze, bodyOf, probeBody, requestDownload, startDownloadEnv, until } from '@/test/api/download.testkit';

/**
 * The server is killed with SIGKILL in the middle of a download and another takes over the same store and temp
 * folder. The first is a real process (the download jobs of lib/server.ts, run by jiti) fetching from the
 * fixture site on loopback; this test process is the server that starts again.
 */
const ROOT = path.resolve(__dirname, '../..');
let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let child: ChildProcess | undefined;

beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await env?.close();
});

/** Starts the first server on the same DATA_DIR and TEMP_DIR; resolves with the job it started. */
function startFirstServer(url: string): Promise<string> {
  child = spawn(path.join(ROOT, 'node_modules/.bin/jiti'), [path.join(__dirname, 'download-worker.child.ts'), url], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JITI_ALIAS: JSON.stringify({ '@/': `${ROOT}/`, 'server-only': path.join(ROOT, 'test/server-only-stub.ts') }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /job (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child!.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child!.once('exit', (code) => reject(new Error(`the first server exited (${code}): ${err}`)));
  });
}

/** Work folders and the bytes written into them so far. */
function workDirs(): { dir: string; bytes: number }[] {
  if (!existsSync(env.tempDir)) return [];
  return readdirSync(env.tempDir).map((name) => {
    const dir = path.join(env.tempDir, name);
    const bytes = readdirSync(dir).filter((file) => !file.startsWith('.')).reduce((sum, file) => sum + statSync(path.join(dir, file)).size, 0);
    return { dir, bytes };
  });
}

describe('faults: the server is killed mid-download and started again', () => {
  it('the job ends failed with a clear message, nothing half-written is served, and the dead process’s files are swept', async () => {
    // 200 kB/s: the 3 MB source takes ~15 s, so the kill lands mid-download.
    const slow = `${env.site.origin}/_sw/throttle=200000/video.mp4`;
    const jobId = await startFirstServer(slow);
    await until(() => workDirs().some((work) => work.bytes > 100_000), 60_000);
    const [partial] = workDirs();
    child!.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    expect(existsSync(partial.dir)).toBe(true);

    // The new process: the job it finds unfinished can never finish, and says so.
    const res = await progressGet(new NextRequest(`http://localhost/api/media/progress/${jobId}`), { params: Promise.resolve({ id: jobId }) });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { status: string; message?: string; code?: string; downloadUrl?: string | null } };
    expect(data).toMatchObject({ status: 'failed', message: 'Interrupted by a server restart' });
    expect(data.downloadUrl ?? null).toBeNull();

    // The same file asked again is prepared afresh, whole — never the half-written one.
    const media = await analyze(env.site, '/_sw/throttle=0/video.mp4');
    const file = await requestDownload(media.info.id, 'webm-720');
    expect(file.status).toBe(200);
    const body = await bodyOf(file);
    const probe = await probeBody(env.root, 'after-restart.webm', body);
    expect(probe.formatName).toContain('webm');
    expect(probe.duration).toBeGreaterThan(1);
    // The dead process's work folder is swept at once, not an hour later.
    await until(() => !existsSync(partial.dir), 10_000);
    expect(getPreparations().activeCount).toBe(0);
  }, 120_000);
});
