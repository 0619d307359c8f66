import 'server-only';

import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { isAppError } from '@/lib/errors';

import type { YtdlpPool } from './pool';

export interface CanaryResult {
  platform: string;
  ok: boolean;
  checkedAt: string;
  /** The failing analysis' error code (bot_check, content_unavailable…), null when it passed. */
  code: string | null;
  /** Since when this platform's canary has been failing without a pass in between. */
  failingSince: string | null;
  /** The engine the canary ran on (the pool's engine key). */
  engine: string;
}

interface Row {
  platform: string;
  ok: number | string;
  checked_at: number | string;
  code: string | null;
  failing_since: number | string | null;
  engine: string;
}

function fromRow(row: Row): CanaryResult {
  return {
    platform: row.platform,
    ok: Number(row.ok) === 1,
    checkedAt: new Date(Number(row.checked_at)).toISOString(),
    code: row.code,
    failingSince: row.failing_since === null ? null : new Date(Number(row.failing_since)).toISOString(),
    engine: row.engine,
  };
}

export async function canaryResults(db: Db): Promise<Record<string, CanaryResult>> {
  const rows = await db.query<Row>('SELECT platform, ok, checked_at, code, failing_since, engine FROM platform_canaries');
  return Object.fromEntries(rows.map((row) => [row.platform, fromRow(row)]));
}

/** Since when a platform's canary has been failing, or null when it passes (or none is configured). */
export async function platformOutage(db: Db, platform: string): Promise<string | null> {
  const row = await db.get<Row>('SELECT platform, ok, checked_at, code, failing_since, engine FROM platform_canaries WHERE platform = ?', [platform]);
  return row && Number(row.ok) !== 1 ? fromRow(row).failingSince : null;
}

export interface CanaryRun {
  results: Record<string, CanaryResult>;
  /** Platforms whose canary passed on the previous engine and fails on this one: the engine broke them. */
  regressions: string[];
}

/**
 * Each platform's verdict on this pool's engine: null when every one of its links analyses, else the first failing
 * link's error code. A platform's links run one after another, so a canary run never bursts at a platform.
 */
export async function probeCanaries(pool: YtdlpPool, canaries: Record<string, string[]>): Promise<Record<string, string | null>> {
  const codes: Record<string, string | null> = {};
  for (const [platform, urls] of Object.entries(canaries)) {
    codes[platform] = null;
    for (const url of urls) {
      try {
        await pool.extract(url);
      } catch (error) {
        codes[platform] = isAppError(error) ? error.code : 'upstream_failed';
        break;
      }
    }
  }
  return codes;
}

/**
 * Analyses each configured platform's canary links (the operator's public URLs) through the pool — the same
 * workers, egress proxy and engine users get — and stores each platform's verdict: it passes when every link
 * analyses.
 */
export async function runCanaries(deps: { db: Db; pool: YtdlpPool; canaries: Record<string, string[]>; now?: () => number }): Promise<CanaryRun> {
  const now = deps.now ?? Date.now;
  const engine = deps.pool.state().engine.key;
  const before = await canaryResults(deps.db);
  const regressions: string[] = [];
  const codes = await probeCanaries(deps.pool, deps.canaries);
  for (const [platform, code] of Object.entries(codes)) {
    const ok = code === null;
    const previous = before[platform];
    const at = now();
    const failingSince = ok ? null : previous && !previous.ok && previous.failingSince ? Date.parse(previous.failingSince) : at;
    if (!ok && previous?.ok && previous.engine !== engine) regressions.push(platform);
    if (!ok) console.warn(`[canary] ${platform} failing (${code}) on ${engine}`);
    await deps.db.run(
      `INSERT INTO platform_canaries (platform, ok, checked_at, code, failing_since, engine) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (platform) DO UPDATE SET ok = excluded.ok, checked_at = excluded.checked_at, code = excluded.code,
         failing_since = excluded.failing_since, engine = excluded.engine`,
      [platform, ok ? 1 : 0, at, code, failingSince, engine],
    );
  }
  return { results: await canaryResults(deps.db), regressions };
}

/** Points `current` back at the previous engine (scripts/engine-install.sh does the atomic switch under its lock). */
export function rollBackEngine(reason: string): Promise<boolean> {
  return new Promise((resolve) => {
    const dir = config().engineDir;
    const child = spawn('bash', [join(process.cwd(), 'scripts', 'engine-install.sh'), '--switch', join(dir, 'previous')], {
      cwd: process.cwd(),
      env: { ...process.env, GRABLINE_ENGINE_DIR: dir },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => {
      if (code === 0) console.warn(`[canary] engine rolled back: ${reason}`);
      resolve(code === 0);
    });
  });
}

export interface CanaryScheduler {
  /** Runs the canaries now (also what the schedule and an engine switch do). */
  run(): Promise<CanaryRun | null>;
  stop(): void;
}

/**
 * PLATFORM_CANARIES on a schedule (CANARY_INTERVAL_MS, default 6 h, each wait jittered by ±10 %) and right after the
 * pool's engine changes. A canary that passed on the previous engine and fails on the new one rolls the engine back
 * (then the canaries run again on it). Nothing runs when no canary is configured.
 */
export function startCanaries(deps: {
  db: () => Promise<Db>;
  pool: YtdlpPool;
  canaries?: () => Record<string, string[]>;
  intervalMs?: () => number;
  engineCheckMs?: number;
  rollBack?: (reason: string) => Promise<boolean>;
  onRun?: (run: CanaryRun) => void;
}): CanaryScheduler {
  const canaries = deps.canaries ?? (() => config().env.PLATFORM_CANARIES);
  const intervalMs = deps.intervalMs ?? (() => config().env.CANARY_INTERVAL_MS);
  const rollBack = deps.rollBack ?? rollBackEngine;
  let engine = deps.pool.state().engine.key;
  let running: Promise<CanaryRun | null> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    const base = intervalMs();
    timer = setTimeout(() => void run(), base * (0.9 + Math.random() * 0.2));
    timer.unref();
  };

  const run = (): Promise<CanaryRun | null> => {
    if (running) return running;
    const configured = canaries();
    if (Object.keys(configured).length === 0) return Promise.resolve(null);
    running = (async () => {
      try {
        const before = deps.pool.state().engine.key;
        const result = await runCanaries({ db: await deps.db(), pool: deps.pool, canaries: configured });
        if (result.regressions.length > 0 && before !== 'debian') {
          await rollBack(`canaries passed before and fail on ${before}: ${result.regressions.join(', ')}`);
        }
        deps.onRun?.(result);
        return result;
      } catch (error) {
        console.error('[canary] run failed', error);
        return null;
      } finally {
        running = null;
        schedule();
      }
    })();
    return running;
  };

  deps.pool.refresh();
  const watcher = setInterval(() => {
    deps.pool.refresh();
    const key = deps.pool.state().engine.key;
    if (key === engine) return;
    engine = key;
    void run(); // right after an engine switch (or a rollback)
  }, deps.engineCheckMs ?? 10_000);
  watcher.unref();
  schedule();
  return {
    run,
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(watcher);
    },
  };
}
