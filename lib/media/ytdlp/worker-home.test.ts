import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOLDER_FILE } from '@/lib/media/process-record';
import { createWorkerHome, sweepAbandonedHomes } from './worker-env';

describe('the yt-dlp workers\' home folders', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A home as a process of `host` with id `pid` would have left it (no record: an older version's). */
  const home = (name: string, holder?: { host: string; pid: number }, ageMs = 0) => {
    const dir = join(root, name);
    mkdirSync(dir);
    if (holder) writeFileSync(join(dir, HOLDER_FILE), JSON.stringify(holder));
    const at = (Date.now() - ageMs) / 1000;
    utimesSync(dir, at, at);
    return dir;
  };

  it('removes the homes of processes of this host that are gone, and nothing that may still be in use', () => {
    root = mkdtempSync(join(tmpdir(), 'grabline-homes-'));
    // A process id that existed and has ended.
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const day = 24 * 60 * 60 * 1000;
    const dead = home('grabline-ytdlp-aaaaaa', { host: hostname(), pid: gone });
    const mine = home('grabline-ytdlp-bbbbbb', { host: hostname(), pid: process.pid });
    const alive = home('grabline-ytdlp-cccccc', { host: hostname(), pid: process.ppid });
    const elsewhere = home('grabline-ytdlp-dddddd', { host: 'another-host', pid: gone });
    const oldOwnerless = home('grabline-ytdlp-eeeeee', undefined, 2 * day);
    const newOwnerless = home('grabline-ytdlp-ffffff', undefined, 60_000);
    const notAHome = home('grabline-ytdlp-site-gggggg', { host: hostname(), pid: gone });

    expect(sweepAbandonedHomes(root)).toBe(2);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(oldOwnerless)).toBe(false);
    for (const kept of [mine, alive, elsewhere, newOwnerless, notAHome]) expect(existsSync(kept), kept).toBe(true);
  });

  it('a new home records its process, after sweeping what a killed process left', () => {
    root = mkdtempSync(join(tmpdir(), 'grabline-homes-'));
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const left = home('grabline-ytdlp-hhhhhh', { host: hostname(), pid: gone });
    const made = createWorkerHome(root);
    expect(existsSync(left)).toBe(false);
    expect(JSON.parse(readFileSync(join(made, HOLDER_FILE), 'utf8'))).toEqual({ host: hostname(), pid: process.pid });
  });
});
