import 'server-only';
import type { Db } from '@/lib/db';

export interface JobStoreAccessOptions {
  db: () => Promise<Db>;
  now: () => number;
  /**
   * Marks the work an earlier process left queued or running (created before `startedBefore`) as ended: it can
   * never finish now, and must not read as "in progress" forever.
   */
  recover: (db: Db, startedBefore: number, now: number) => Promise<unknown>;
  /** Deletes what expired before `now`. */
  purge: (db: Db, now: number) => Promise<unknown>;
  /** How often the purge may run, at most (default one minute). */
  purgeEveryMs?: number;
  /** Names the runner in log lines. */
  name: string;
}

/**
 * How every job runner reaches the store: the store is asked for on every call (getDb caches it and reopens
 * it after a close); before the first read or write the runner recovers what an earlier process left behind —
 * once, retried by the next call if it failed — and at most once a minute expired work is purged in the
 * background.
 */
export function createJobStoreAccess(options: JobStoreAccessOptions): () => Promise<Db> {
  const startedAt = options.now();
  const purgeEveryMs = options.purgeEveryMs ?? 60_000;
  let recovered: Promise<void> | undefined;
  let lastPurge = 0;
  return async () => {
    const db = await options.db();
    if (!recovered) {
      const pending = options.recover(db, startedAt, options.now()).then(() => undefined);
      pending.catch(() => {
        if (recovered === pending) recovered = undefined;
      });
      recovered = pending;
    }
    await recovered;
    if (options.now() - lastPurge >= purgeEveryMs) {
      lastPurge = options.now();
      options.purge(db, lastPurge).catch((error) => console.error(`[${options.name}] purge failed`, error));
    }
    return db;
  };
}
