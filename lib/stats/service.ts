import 'server-only';
import { createHash } from 'node:crypto';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import { purgeSiteStats, readSiteStats, recordDownload, recordVisitor, utcDay, type SiteStats } from './site-stats';

/** How long one reading of the figures is served before the store is asked again. */
export const SITE_STATS_TTL_MS = 60_000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

const holder = globalThis as typeof globalThis & {
  __grablineSiteStats?: { at: number; value: Promise<SiteStats> };
  __grablineStatsPurged?: { at: number; day: string };
};

/** The home page's figures, read from the store at most once a minute per process (`db` is asked only then). */
export function siteStats(db: () => Promise<Db>, at = now()): Promise<SiteStats> {
  const cached = holder.__grablineSiteStats;
  if (cached && at - cached.at < SITE_STATS_TTL_MS) return cached.value;
  const value = db().then((store) => readSiteStats(store, at));
  holder.__grablineSiteStats = { at, value };
  // A failed read is not kept for a minute: the next caller tries again.
  value.catch(() => {
    if (holder.__grablineSiteStats?.value === value) holder.__grablineSiteStats = undefined;
  });
  return value;
}

/** Hourly, and at once on the first activity of a new day: yesterday's salt must not outlive its day. */
async function purgeNowAndThen(db: Db, at: number): Promise<void> {
  const last = holder.__grablineStatsPurged;
  if (last && last.day === utcDay(at) && at - last.at < PURGE_EVERY_MS) return;
  holder.__grablineStatsPurged = { at, day: utcDay(at) };
  await purgeSiteStats(db, at);
}

/** A download job or bulk item ended: counted, with its outcome and how long it took. */
export async function countDownload(db: Db, outcome: { ok: boolean; durationMs: number }): Promise<void> {
  const at = now();
  await recordDownload(db, outcome, at);
  await purgeNowAndThen(db, at);
}

/** Subjects this process has already counted today, per store: a client's every later request writes nothing. */
const countedToday = new WeakMap<Db, { day: string; subjects: Set<string> }>();
/** Past this many, the day's set starts again (a repeat is written once more; the store keeps one row per visitor). */
const MAX_REMEMBERED = 100_000;

/** A client started work today (an analysis, a download, a batch): written once per client and day, not per request. */
export async function countActiveClient(db: Db, subject: string): Promise<void> {
  const at = now();
  const day = utcDay(at);
  let counted = countedToday.get(db);
  if (!counted || counted.day !== day || counted.subjects.size >= MAX_REMEMBERED) countedToday.set(db, (counted = { day, subjects: new Set() }));
  // Kept as a digest: the process holds no list of visitors' addresses.
  const key = createHash('sha256').update(subject).digest('base64');
  if (counted.subjects.has(key)) return;
  await recordVisitor(db, subject, at);
  counted.subjects.add(key);
  await purgeNowAndThen(db, at);
}
