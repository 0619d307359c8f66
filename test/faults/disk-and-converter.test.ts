import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getPreparations } from '@/lib/media/deliver';
import { runningFfmpegCount } from '@/lib/media/ffmpeg';
import { analyze, bodyOf, probeBody, requestDownload, startDownloadEnv, until } from '@/test/api/download.testkit';

/**
 * A full disk is injected at the write itself: every file stream opened under the temp folder fails with the
 * kernel's ENOSPC once it has taken `allowBytes`. Everything else (the fixture origin on loopback, ffmpeg, the
 * route) is the real thing.
 */
const disk = vi.hoisted(() => ({ full: false, under: '', allowBytes: 64 * 1024, failures: 0 }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const createWriteStream = ((file: import('node:fs').PathLike, options?: unknown) => {
    const stream = fs.createWriteStream(file, options as Parameters<typeof fs.createWriteStream>[1]);
    if (!disk.full || !String(file).startsWith(disk.under)) return stream;
    let taken = 0;
    const enospc = () => {
      disk.failures += 1;
      return Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    };
    const write = stream._write.bind(stream);
    stream._write = (chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void) => {
      taken += chunk.length;
      if (taken > disk.allowBytes) return callback(enospc());
      write(chunk, encoding, callback);
    };
    stream._writev = undefined;
    return stream;
  }) as typeof fs.createWriteStream;
  return { ...fs, createWriteStream, default: { ...fs, createWriteStream } };
});

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
  disk.under = env.tempDir;
});
afterAll(() => env?.close());
afterEach(() => {
  disk.full = false;
  env.site.resetSwitches();
});

const tempEntries = () => (existsSync(env.tempDir) ? readdirSync(env.tempDir).filter((name) => !name.startsWith('.')) : []);

describe('faults: the temp disk fills up', () => {
  it('answers 507 insufficient_storage, leaves no partial file, frees its slot, and serves the next download', async () => {
    const media = await analyze(env.site, '/video.mp4?disk=full');
    const before = new Set(tempEntries());
    disk.full = true;
    const res = await requestDownload(media.info.id, 'webm-720');
    expect(res.status).toBe(507);
    expect(await res.json()).toMatchObject({ success: false, code: 'insufficient_storage', error: 'The server is out of storage space right now. Please try again later.' });
    expect(disk.failures).toBeGreaterThan(0);
    expect(getPreparations().activeCount).toBe(0);
    expect(runningFfmpegCount()).toBe(0);
    expect(tempEntries().filter((name) => !before.has(name))).toEqual([]);

    // Space again: the same request now succeeds — the failure was not remembered as the file.
    disk.full = false;
    const again = await requestDownload(media.info.id, 'webm-720');
    expect(again.status).toBe(200);
    const probe = await probeBody(env.root, 'after-full.webm', await bodyOf(again));
    expect(probe.formatName).toContain('webm');
  }, 120_000);
});

describe('faults: ffmpeg is killed mid-convert', () => {
  it('ends in 503 unavailable ("interrupted"), removes the work, frees the slot; a retry converts', async () => {
    const media = await analyze(env.site, '/video.mp4?kill=ffmpeg');
    const before = new Set(tempEntries());
    const pending = requestDownload(media.info.id, 'webm-720');
    await until(() => runningFfmpegCount() === 1, 60_000);
    const pids = execFileSync('pgrep', ['-P', String(process.pid), '-x', 'ffmpeg'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
    expect(pids).toHaveLength(1);
    process.kill(Number(pids[0]), 'SIGKILL');
    const res = await pending;
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false, code: 'unavailable', error: 'The conversion was interrupted. Please try again.' });
    await until(() => getPreparations().activeCount === 0 && runningFfmpegCount() === 0);
    expect(tempEntries().filter((name) => !before.has(name))).toEqual([]);

    const again = await requestDownload(media.info.id, 'webm-720');
    expect(again.status).toBe(200);
    expect((await probeBody(env.root, 'after-kill.webm', await bodyOf(again))).formatName).toContain('webm');
  }, 120_000);
});
