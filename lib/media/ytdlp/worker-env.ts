import 'server-only';

import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { config } from '@/lib/config';
import { holderGone, recordHolder } from '@/lib/media/process-record';
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

const HOME_PREFIX = 'grabline-ytdlp-';
/** A home's name: the prefix and mkdtemp's six characters (a test site's `grabline-ytdlp-site-…` is not one). */
const HOME_NAME = /^grabline-ytdlp-[A-Za-z0-9]{6}$/;
/** A home without a holder record (made before homes had one) is left alone for this long. */
const UNHELD_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The workers' HOME (yt-dlp's cache, the solver's files): a fresh folder recording which process on which host
 * made it. Homes that processes of this host left behind when they were killed or crashed — a closed pool
 * removes its own — are removed first, so restarts do not pile them up.
 */
export function createWorkerHome(root = tmpdir()): string {
  sweepAbandonedHomes(root);
  const home = mkdtempSync(join(root, HOME_PREFIX));
  recordHolder(home);
  return home;
}

/** A home whose process is gone; one without a holder record only once it is old enough. */
function abandoned(home: string, now: number): boolean {
  const gone = holderGone(home);
  if (gone !== undefined) return gone;
  try {
    return now - statSync(home).mtimeMs > UNHELD_AGE_MS;
  } catch {
    return false;
  }
}

/** Removes the worker homes in `root` whose process is gone; how many. */
export function sweepAbandonedHomes(root = tmpdir(), now = Date.now()): number {
  let names: string[];
  try {
    names = readdirSync(root).filter((name) => HOME_NAME.test(name));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const home = join(root, name);
    if (!abandoned(home, now)) continue;
    rmSync(home, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
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
      // The solver's npm packages were cached beside the engine in use (the packaged one or an update).
      denoDir: denoDir(install.root ?? opts.engineDir ?? config().engineDir),
      remoteComponents: config().env.ENGINE_REMOTE_COMPONENTS,
      poTokens: config().env.PO_TOKENS ? bgutilsDir() : null,
    }),
  };
}
