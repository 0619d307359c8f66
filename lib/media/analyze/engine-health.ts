import 'server-only';
import { execFile } from 'node:child_process';
import { ffmpegBin } from '@/lib/media/ffmpeg/run-ffmpeg';
import type { Db } from '@/lib/db';
import type { PlatformBreaker } from '@/lib/media/ytdlp/breaker';
import { canaryResults, type CanaryResult } from '@/lib/media/ytdlp/canaries';
import { canaryWarnings, ENGINE_STALE_DAYS, engineStatus, engineWarnings, platformWarnings } from '@/lib/media/ytdlp/engine-status';
import type { YtdlpPool } from '@/lib/media/ytdlp/pool';

const PROBE_TTL_MS = 10 * 60 * 1000;
const PROBE_TIMEOUT_MS = 10_000;

function ffmpegVersion(): Promise<string | null> {
  return new Promise((resolve) => {
    // The same binary the conversions run, so health reports what downloads will meet.
    execFile(ffmpegBin(), ['-hide_banner', '-version'], { timeout: PROBE_TIMEOUT_MS }, (error, stdout) => {
      resolve(error ? null : stdout.split('\n')[0]?.trim() || null);
    });
  });
}

interface Versions {
  ffmpeg: string | null;
}

const holder = globalThis as typeof globalThis & { __grablineVersions?: { at: number; value: Promise<Versions> } };

/** Tool versions, probed at most every 10 minutes: health checks are polled and must stay cheap. */
function versions(): Promise<Versions> {
  const cached = holder.__grablineVersions;
  if (cached && Date.now() - cached.at < PROBE_TTL_MS) return cached.value;
  const value = ffmpegVersion().then((ffmpeg) => ({ ffmpeg }));
  holder.__grablineVersions = { at: Date.now(), value };
  return value;
}

/** What the report reads: the store (for the canaries' results), this node's yt-dlp workers and breakers. */
export interface EngineHealthDeps {
  db: () => Promise<Db>;
  engine: { pool: YtdlpPool; breaker: PlatformBreaker };
}

/**
 * GET /api/health's answer: 'degraded' when a tool the engine needs does not answer or the engine in use is older
 * than ENGINE_STALE_DAYS; `engine` says which yt-dlp runs
 * and whether it can solve YouTube's challenges, `warnings` what an operator should act on.
 */
export async function engineHealth({ db, engine: { pool, breaker } }: EngineHealthDeps) {
  const [{ ffmpeg }, engine] = await Promise.all([versions(), engineStatus(pool)]);
  const ytdlp = engine.version;
  const paused = breaker.state();
  const canaries = await storedCanaries(db);
  // An engine older than ENGINE_STALE_DAYS has missed the platforms' weekly changes: downloads are failing, so the
  // status every caller sees (a monitor included) is 'degraded', not only a warning in the details.
  const engineOutdated = engine.ageDays !== null && engine.ageDays > ENGINE_STALE_DAYS;
  return {
    status: ffmpeg && ytdlp && !engineOutdated ? ('ok' as const) : ('degraded' as const),
    engineOutdated,
    node: process.version,
    ffmpeg,
    ytdlp,
    engine,
    warnings: [...engineWarnings(engine), ...platformWarnings(paused), ...canaryWarnings(canaries)],
    /**
     * paused: platforms whose circuit breaker is open (until `until`) or on trial after a pause;
     * canaries: each platform's last canary analysis (PLATFORM_CANARIES), when any is configured.
     */
    platforms: { paused, canaries },
    pool: pool.state(),
  };
}

async function storedCanaries(db: () => Promise<Db>): Promise<Record<string, CanaryResult>> {
  try {
    return await canaryResults(await db());
  } catch {
    return {}; // the store's own health is reported elsewhere; the engine's report goes on without it
  }
}
