import 'server-only';

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { denoBinary, denoDir, engineAgeDays, engineDir, resolveEngine, solverLibrary, type EngineInstall, type EngineSource } from './engine';
import type { PlatformBreakerState } from './breaker';
import type { CanaryResult } from './canaries';
import type { YtdlpPool } from './pool';
import type { PoTokenState } from './worker-process';
import { config } from '@/lib/config';

/** Past this age an engine has usually missed platform fixes that matter. */
export const ENGINE_STALE_DAYS = 60;

export interface EngineStatus {
  version: string | null;
  source: EngineSource;
  ageDays: number | null;
  /** The JS runtime yt-dlp accepts for YouTube's challenges ('deno-2.9.6'), null when it has none. */
  jsRuntime: string | null;
  /** True when the challenge solver's library loads from our Deno cache with no network and no permission. */
  solver: boolean;
  /** Proof-of-origin tokens for YouTube (PO_TOKENS): off, unavailable, ready, working or failing. */
  poToken: PoTokenState;
  /** When the engine in use was switched to (ours only). */
  updatedAt: string | null;
  /** What the last `engine:update` run concluded, when one ran. */
  lastUpdate: UpdateRecord | null;
}

export interface UpdateRecord {
  at: string;
  result: 'current' | 'switched' | 'rolled_back' | 'fallback' | 'failed';
  message?: string;
}

export interface HealthWarning {
  code: 'po_token_failing' | 'engine_stale' | 'engine_fallback' | 'no_js_runtime' | 'solver_missing' | 'engine_update_failed' | 'canary_failing' | 'platform_paused';
  message: string;
}

const DENO_FLAGS = ['--ext=js', '--no-code-cache', '--no-prompt', '--no-remote', '--no-lock', '--node-modules-dir=none', '--no-config', '--cached-only'];

/** Runs the solver library the way yt-dlp checks it (cached npm packages only, default deny-all permissions). */
export function solverLoads(install: EngineInstall, deno = denoBinary(), cache = denoDir(install.root)): Promise<boolean> {
  const library = solverLibrary(install);
  if (!library || !deno) return Promise.resolve(false);
  let script: string;
  try {
    script = readFileSync(library, 'utf8');
  } catch {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    const env = { DENO_DIR: cache, DENO_NO_UPDATE_CHECK: '1', HOME: cache, PATH: '/usr/bin:/bin' } as unknown as NodeJS.ProcessEnv;
    const child = execFile(deno, ['run', ...DENO_FLAGS, '-'], { env, timeout: 15_000 }, (error, _stdout, stderr) => {
      resolve(!error && !String(stderr).trim());
    });
    child.stdin?.on('error', () => resolve(false));
    child.stdin?.end(script);
  });
}

/** The record scripts/engine-update.mjs leaves in the engine folder. */
export function lastUpdate(dir = engineDir()): UpdateRecord | null {
  try {
    const record = JSON.parse(readFileSync(join(dir, 'update.json'), 'utf8')) as UpdateRecord;
    return typeof record?.at === 'string' && typeof record.result === 'string' ? record : null;
  } catch {
    return null;
  }
}

const TTL_MS = 10 * 60 * 1000;
const holder = globalThis as typeof globalThis & { __grablineEngineStatus?: { key: string; at: number; value: Promise<EngineStatus> } };

/**
 * The engine's state as an operator needs it, probed at most every 10 minutes per engine (a switch shows at once).
 * The version and the JS runtime are asked of a worker on the engine in use, so they are what analyses meet.
 */
export function engineStatus(pool: YtdlpPool, now = () => new Date()): Promise<EngineStatus> {
  const install = resolveEngine();
  const cached = holder.__grablineEngineStatus;
  if (cached && cached.key === install.key && Date.now() - cached.at < TTL_MS) return cached.value;
  const value = probe(pool, install, now());
  holder.__grablineEngineStatus = { key: install.key, at: Date.now(), value };
  value.catch(() => undefined);
  return value;
}

const warnedStale = new Set<string>();

async function probe(pool: YtdlpPool, install: EngineInstall, now: Date): Promise<EngineStatus> {
  const [info, solver] = await Promise.all([
    pool.engineInfo().catch(() => null),
    solverLoads(install),
  ]);
  const version = info?.version ?? install.version ?? null;
  const ageDays = engineAgeDays(version, now);
  if (ageDays !== null && ageDays > ENGINE_STALE_DAYS && !warnedStale.has(install.key)) {
    // Once per engine and process, in the server's log: an operator who reads nothing else still sees it.
    warnedStale.add(install.key);
    console.warn(`[engine] yt-dlp ${version} (${install.source}) is ${ageDays} days old, more than ${ENGINE_STALE_DAYS}: downloads from the platforms are failing; run npm run engine:update (or pull a newer image)`);
  }
  return {
    version,
    source: install.source,
    ageDays,
    jsRuntime: info?.jsRuntime ?? null,
    solver,
    poToken: info?.poToken ?? (config().env.PO_TOKENS ? 'unavailable' : 'off'),
    updatedAt: install.switchedAt?.toISOString() ?? null,
    lastUpdate: lastUpdate(),
  };
}

/** What an operator should act on; an empty list means the engine is as it should be. */
export function engineWarnings(status: EngineStatus): HealthWarning[] {
  const warnings: HealthWarning[] = [];
  if (status.source === 'debian') {
    warnings.push({ code: 'engine_fallback', message: `Running Debian's packaged yt-dlp ${status.version ?? '(not answering)'}: no newer engine is installed (run npm run engine:update)` });
  }
  if (status.ageDays !== null && status.ageDays > ENGINE_STALE_DAYS) {
    warnings.push({ code: 'engine_stale', message: `yt-dlp ${status.version} is ${status.ageDays} days old (more than ${ENGINE_STALE_DAYS}); run npm run engine:update` });
  }
  if (!status.jsRuntime) {
    warnings.push({ code: 'no_js_runtime', message: 'yt-dlp has no JavaScript runtime: YouTube challenges cannot be solved (npm ci installs Deno)' });
  }
  if (!status.solver) {
    warnings.push({ code: 'solver_missing', message: 'The YouTube challenge solver library is not available offline (bash scripts/engine-install.sh --if-stale caches it)' });
  }
  if (status.poToken === 'unavailable' || status.poToken === 'failing') {
    warnings.push({ code: 'po_token_failing', message: status.poToken === 'failing'
      ? 'PO_TOKENS is on but the last YouTube proof-of-origin token could not be minted (BotGuard challenge failed)'
      : 'PO_TOKENS is on but no token can be minted here (yt-dlp without the provider interface, or Deno or bgutils-js missing)' });
  }
  if (status.lastUpdate && (status.lastUpdate.result === 'rolled_back' || status.lastUpdate.result === 'failed')) {
    warnings.push({ code: 'engine_update_failed', message: `The last engine update (${status.lastUpdate.at}) ${status.lastUpdate.result === 'rolled_back' ? 'was rolled back' : 'failed'}: ${status.lastUpdate.message ?? ''}`.trim() });
  }
  return warnings;
}

/** A paused platform is worth an operator's look: it pushed back on this server (bot check, IP block, rate limit). */
export function platformWarnings(breakers: Record<string, PlatformBreakerState>): HealthWarning[] {
  return Object.entries(breakers)
    .filter(([, breaker]) => breaker.state === 'open')
    .map(([platform, breaker]) => ({
      code: 'platform_paused' as const,
      message: `${platform} is paused until ${breaker.until} after ${breaker.trips} push-back(s) in a row (last: ${breaker.lastCode})`,
    }));
}

/** A failing canary: that platform has stopped working on this server, probably for every user. */
export function canaryWarnings(canaries: Record<string, CanaryResult>): HealthWarning[] {
  return Object.values(canaries)
    .filter((canary) => !canary.ok)
    .map((canary) => ({
      code: 'canary_failing' as const,
      message: `${canary.platform} canary failing since ${canary.failingSince} (${canary.code}); last checked ${canary.checkedAt}`,
    }));
}
