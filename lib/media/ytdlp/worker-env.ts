import 'server-only';

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { config } from '@/lib/config';
import { bgutilsDir, denoDir, type EngineInstall } from './engine';
import type { WorkerConfig } from './worker-process';

export interface WorkerRuntime {
  /** A newer yt-dlp copy to prefer over Debian's packaged one. */
  pythonPath?: string;
  /** The Deno binary yt-dlp solves YouTube's challenges with, and the DENO_DIR holding its cached npm packages. */
  deno?: string | null;
  denoDir?: string;
  /** Lets yt-dlp fetch its solver's npm packages at run time (an operator's opt-in; off by default). */
  remoteComponents?: boolean;
  /** bgutils-js's folder when PO tokens are on: the worker registers its token provider and hands Deno this code. */
  poTokens?: string | null;
}

/**
 * The whole environment a worker sees. Nothing is inherited: no proxy variables (yt-dlp would honour them
 * and bypass the egress proxy), no XDG dirs, and HOME is an empty temp dir, so neither yt-dlp config files
 * nor its plugin folders (~/.yt-dlp, ~/.config/yt-dlp) can be found. Deno inherits this environment from
 * yt-dlp, so it finds only our DENO_DIR and never checks for its own updates.
 */
export function buildWorkerEnv(home: string, runtime: WorkerRuntime | string | undefined = {}): Record<string, string> {
  const { pythonPath, deno, denoDir, remoteComponents, poTokens } = typeof runtime === 'string' ? { pythonPath: runtime } : runtime;
  const env: Record<string, string> = {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    TMPDIR: home,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    PYTHONIOENCODING: 'utf-8',
    PYTHONDONTWRITEBYTECODE: '1',
    PYTHONNOUSERSITE: '1',
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
  };
  if (pythonPath) env.PYTHONPATH = pythonPath;
  if (deno) env.GRABLINE_DENO = deno;
  if (denoDir) env.DENO_DIR = denoDir;
  if (remoteComponents) env.GRABLINE_REMOTE_COMPONENTS = 'ejs:npm';
  if (poTokens) {
    env.GRABLINE_PO_TOKENS = '1';
    env.GRABLINE_BGUTILS = poTokens;
  }
  return env;
}

export function createWorkerHome(): string {
  return mkdtempSync(join(tmpdir(), 'grabline-ytdlp-'));
}

/** How a worker on `install` is started: Debian's python3 (unless told otherwise), our script, and its environment. */
export function workerConfigFor(
  install: EngineInstall,
  opts: { home: string; script: string; deno: string | null | undefined; python?: string; engineDir?: string },
): WorkerConfig {
  return {
    python: opts.python ?? '/usr/bin/python3',
    script: opts.script,
    env: buildWorkerEnv(opts.home, {
      pythonPath: install.pythonPath,
      deno: opts.deno,
      denoDir: denoDir(opts.engineDir ?? config().engineDir),
      remoteComponents: config().env.ENGINE_REMOTE_COMPONENTS,
      poTokens: config().env.PO_TOKENS ? bgutilsDir() : null,
    }),
  };
}
