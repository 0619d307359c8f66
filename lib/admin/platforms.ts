import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import type { PlatformBreaker } from '@/lib/media/ytdlp/breaker';
import { canaryResults } from '@/lib/media/ytdlp/canaries';
import { engineAgeDays, resolveEngine } from '@/lib/media/ytdlp/engine';
import { ENGINE_STALE_DAYS, engineStatus, lastUpdate } from '@/lib/media/ytdlp/engine-status';
import type { YtdlpPool } from '@/lib/media/ytdlp/pool';
import { NAMED_PLATFORMS } from '@/lib/platforms';
import { engineUpdateSchema, engineUpdateState } from './engine-update';

const iso = z.string().meta({ format: 'date-time' });

export const platformsReportSchema = z.object({
  engine: z.object({
    version: z.string().nullable(),
    source: z.enum(['debian-unstable', 'debian', 'custom']),
    ageDays: z.number().int().nullable(),
    /** Older than ENGINE_STALE_DAYS: the console says so above everything else. */
    stale: z.boolean(),
    staleAfterDays: z.number().int(),
    switchedAt: iso.nullable(),
    lastUpdate: z.object({ at: iso, result: z.string(), message: z.string().optional() }).nullable(),
  }),
  update: engineUpdateSchema,
  platforms: z.array(z.object({
    platform: z.string(),
    breaker: z.object({ state: z.enum(['closed', 'open', 'trial']), until: iso.nullable(), lastCode: z.string().nullable() }),
    canary: z.object({ ok: z.boolean(), checkedAt: iso, code: z.string().nullable(), failingSince: iso.nullable() }).nullable(),
  })),
});
export type PlatformsReport = z.infer<typeof platformsReportSchema>;

/** How long the console waits for a worker to say its engine's version (cached for minutes once it did). */
const PROBE_WAIT_MS = 2000;

/** The version a yt-dlp worker reports (the health probe's, cached), or null when none answers in time. */
async function probedVersion(pool: YtdlpPool): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), PROBE_WAIT_MS)));
  try {
    return await Promise.race([engineStatus(pool).then((status) => status.version, () => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The engine in use (what the installer recorded, else what a worker reports), its age from its dated version,
 * the last update's outcome, and per platform its breaker (this node's) and its canary's last result (shared).
 */
export async function platformsReport(
  db: Db, engine: { pool: YtdlpPool; breaker: PlatformBreaker }, at = new Date(),
): Promise<PlatformsReport> {
  const install = resolveEngine();
  const version = install.version ?? (await probedVersion(engine.pool));
  const canaries = await canaryResults(db);
  const breakers = engine.breaker.state();
  const ageDays = engineAgeDays(version, at);
  return {
    engine: {
      version,
      source: install.source,
      ageDays,
      stale: ageDays !== null && ageDays > ENGINE_STALE_DAYS,
      staleAfterDays: ENGINE_STALE_DAYS,
      switchedAt: install.switchedAt?.toISOString() ?? null,
      lastUpdate: lastUpdate(),
    },
    update: engineUpdateState(),
    platforms: NAMED_PLATFORMS.map((platform) => {
      const breaker = breakers[platform];
      const canary = canaries[platform];
      return {
        platform,
        breaker: { state: breaker?.state ?? 'closed', until: breaker?.until ?? null, lastCode: breaker?.lastCode ?? null },
        canary: canary ? { ok: canary.ok, checkedAt: canary.checkedAt, code: canary.code, failingSince: canary.failingSince } : null,
      };
    }),
  };
}
