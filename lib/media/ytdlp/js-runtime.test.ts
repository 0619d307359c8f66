import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { denoBinary, denoDir, resolveEngine, solverLibrary } from './engine';
import { createYtdlpPool, type YtdlpPool } from './pool';

// The flags yt-dlp itself runs Deno with for its solver library (yt_dlp/extractor/youtube/jsc/_builtin/deno.py),
// plus --cached-only: no network, and Deno's default deny-all permissions (no --allow-* flag).
const YTDLP_DENO_FLAGS = ['--ext=js', '--no-code-cache', '--no-prompt', '--no-remote', '--no-lock', '--node-modules-dir=none', '--no-config'];

const engine = resolveEngine();
const deno = denoBinary();
const library = solverLibrary(engine);
const skip =
  engine.source !== 'debian-unstable' ? 'the current engine is not installed (bash scripts/engine-install.sh installs it)'
    : !deno ? 'the deno npm package is not installed (npm ci installs it)'
      : !library ? 'the installed yt-dlp carries no Deno solver library' : '';
if (skip) console.warn(`[js-runtime] skipped: ${skip}`);

function runDeno(dir: string, script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(deno!, ['run', ...YTDLP_DENO_FLAGS, '--cached-only', '-'],
      { env: { DENO_DIR: dir, DENO_NO_UPDATE_CHECK: '1', HOME: dir, PATH: '/usr/bin:/bin' } as unknown as NodeJS.ProcessEnv, timeout: 30_000, encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }));
    child.stdin!.end(script);
  });
}

let pool: YtdlpPool | undefined;
afterAll(async () => {
  await pool?.close();
});

describe.skipIf(Boolean(skip))('YouTube challenge solving with Deno', () => {
  it('yt-dlp sees the Deno runtime from the npm package and accepts it', async () => {
    pool = createYtdlpPool({ size: 1 });
    const info = await pool.engineInfo();
    expect(info.version).toBe(engine.version);
    expect(info.jsRuntime).toMatch(/^deno-2\.\d+\.\d+$/);
  });

  it('loads the solver library from our cache with --cached-only and no permissions', async () => {
    const script = readFileSync(library!, 'utf8');
    expect(script).toMatch(/npm:meriyah@/); // what the cache has to hold
    const probe = `${script}\nconsole.log(typeof lib.meriyah.parse, typeof lib.astring.generate);`;
    const result = await runDeno(denoDir(engine.root), probe);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('function function');
  });

  it('fails the same way yt-dlp would detect it without our cache', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'grabline-deno-empty-'));
    try {
      const result = await runDeno(empty, readFileSync(library!, 'utf8'));
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/not found in cache|--cached-only/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('denies the solver any file, network or environment access', async () => {
    const result = await runDeno(denoDir(), 'console.log(Deno.readTextFileSync("/etc/hostname"))');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/NotCapable|Requires read access/);
    const env = await runDeno(denoDir(), 'console.log(Deno.env.get("HOME"))');
    expect(env.stderr).toMatch(/NotCapable|Requires env access/);
  });
});
