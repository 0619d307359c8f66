import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { PLATFORMS } from '@/lib/media/schemas';
import { getPlatformBreaker } from '@/lib/media/ytdlp/breaker';
import { canaryResults } from '@/lib/media/ytdlp/canaries';
import { engineAgeDays, resolveEngine } from '@/lib/media/ytdlp/engine';
import { lastUpdate } from '@/lib/media/ytdlp/engine-status';
import { engineUpdateSchema, engineUpdateState } from './engine-update';

const iso = z.string().meta({ format: 'date-time' });

export const platformsReportSchema = z.object({
  engine: z.object({
    version: z.string().nullable(),
    source: z.enum(['debian-unstable', 'debian', 'custom']),
    ageDays: z.number().int().nullable(),
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

/**
 * The engine in use (what the installer recorded: no worker is asked), its age from its dated version, the last
 * update's outcome, and per platform its breaker (this node's) and its canary's last result (shared).
 */
export async function platformsReport(db: Db, at = new Date()): Promise<PlatformsReport> {
  const install = resolveEngine();
  const version = install.version ?? null;
  const canaries = await canaryResults(db);
  const breakers = getPlatformBreaker().state();
  return {
    engine: {
      version,
      source: install.source,
      ageDays: engineAgeDays(version, at),
      switchedAt: install.switchedAt?.toISOString() ?? null,
      lastUpdate: lastUpdate(),
    },
    update: engineUpdateState(),
    platforms: PLATFORMS.filter((p) => p !== 'generic').map((platform) => {
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
