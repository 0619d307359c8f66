import 'server-only';
import type { Db } from '@/lib/db';
import type { JobEnded } from '@/lib/downloads/prepare-file';
import { tempTtlMs } from '@/lib/media/deliver';
import { purgeAudit } from './audit';
import { purgeTempFiles, recordTempFile } from './storage';
import { purgeUsage, recordUsage } from './usage';

/**
 * A download job or bulk item ended: counted into the usage figures, and the file it made attributed to its owner
 * for as long as the file store keeps it.
 */
export async function recordJobEnded(db: Db, ended: JobEnded, at = Date.now()): Promise<void> {
  await recordUsage(db, { ok: ended.ok, platform: ended.platform, code: ended.code, bytes: ended.bytes }, at);
  if (ended.ok && ended.job && ended.bytes) {
    await recordTempFile(db, { jobId: ended.job.id, owner: ended.job.owner, bytes: ended.bytes, expiresAt: at + tempTtlMs() });
  }
}

const HOUR = 60 * 60 * 1000;

/** Removes audit entries past 90 days, usage past 8 days and files past their expiry. */
export async function purgeAdminData(db: Db, at = Date.now()): Promise<{ audit: number; usage: number; files: number }> {
  return { audit: await purgeAudit(db, at), usage: await purgeUsage(db, at), files: await purgeTempFiles(db, at) };
}

/** Runs purgeAdminData once now and then every `intervalMs` (hourly) in the background; stop() ends it. */
export function startAdminHousekeeping(options: { db: () => Promise<Db>; intervalMs?: number; now?: () => number }): { stop(): void } {
  const { db } = options;
  const now = options.now ?? Date.now;
  const run = () => void db().then((store) => purgeAdminData(store, now())).catch((error) => console.error('[admin] purge failed', error));
  run();
  const timer = setInterval(run, options.intervalMs ?? HOUR);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
