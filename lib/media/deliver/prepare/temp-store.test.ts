import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeWorkDir, sweepTempDirs } from './temp-store';

const HOUR = 60 * 60 * 1000;
let root: string;
const saved = { TEMP_DIR: process.env.TEMP_DIR, TEMP_TTL_MS: process.env.TEMP_TTL_MS };

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'grabline-sweep-'));
  process.env.TEMP_DIR = root;
  delete process.env.TEMP_TTL_MS;
});
afterEach(() => {
  Object.assign(process.env, saved);
  for (const [key, value] of Object.entries(saved)) if (value === undefined) delete process.env[key];
  rmSync(root, { recursive: true, force: true });
});

/** A work dir holding a prepared file, last touched `ageMs` ago. */
async function workDir(ageMs: number): Promise<string> {
  const dir = await makeWorkDir('prep');
  writeFileSync(path.join(dir, 'out.mp4'), 'x');
  const at = new Date(Date.now() - ageMs);
  utimesSync(dir, at, at);
  return dir;
}

describe('sweepTempDirs', () => {
  it('removes at once a young work dir whose process on this host is gone, and keeps one whose process lives', async () => {
    const dead = await workDir(60_000);
    const alive = await workDir(60_000);
    const owner = (dir: string, pid: number) => writeFileSync(path.join(dir, '.owner'), JSON.stringify({ host: hostname(), pid }));
    owner(dead, 2 ** 22 + 12345); // above the kernel's pid_max: no such process
    owner(alive, process.ppid);
    expect(await sweepTempDirs(new Set())).toBe(1);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(alive)).toBe(true);
  });

  it('removes work dirs older than the TTL (default 1 h) and keeps the younger ones', async () => {
    const old = await workDir(HOUR + 60_000);
    const young = await workDir(HOUR - 60_000);
    expect(await sweepTempDirs(new Set())).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(young)).toBe(true);
  });

  it('never removes a dir that is being served or prepared, however old', async () => {
    const busy = await workDir(5 * HOUR);
    expect(await sweepTempDirs(new Set([busy]))).toBe(0);
    expect(existsSync(busy)).toBe(true);
  });

  it('follows TEMP_TTL_MS, and leaves plain files in the root alone', async () => {
    process.env.TEMP_TTL_MS = String(60_000);
    const dir = await workDir(2 * 60_000);
    const stray = path.join(root, 'note.txt');
    writeFileSync(stray, 'not ours to judge');
    utimesSync(stray, new Date(0), new Date(0));
    expect(await sweepTempDirs(new Set())).toBe(1);
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(stray)).toBe(true);
  });

  it('is a no-op when the temp root does not exist yet', async () => {
    rmSync(root, { recursive: true, force: true });
    expect(await sweepTempDirs(new Set())).toBe(0);
    mkdirSync(root);
  });
});
