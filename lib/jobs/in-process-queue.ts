import 'server-only';
import { EventEmitter } from 'node:events';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { publicDetails, toAppError } from '@/lib/errors';
import type { AnalyzedMedia, AnalyzeOptions } from '@/lib/media/analyze';
import { recogniseUrl } from '@/lib/media/platforms';
import { assertPlatformEnabled } from '@/lib/media/platforms/enabled';
import { insertAnalysisJob, interruptAnalysisJobs, purgeExpiredAnalysisJobs, readSnapshot, saveSnapshot } from './job-store';
import { createJobStoreAccess } from './job-store-access';
import { createLimiter } from './limiter';
import { isTerminal, type EnqueueAnalysisOptions, type JobListener, type JobQueue, type JobSnapshot } from './types';

export interface InProcessQueueOptions {
  db: () => Promise<Db>;
  analyze: (url: string, options: AnalyzeOptions) => Promise<AnalyzedMedia>;
  concurrency?: number;
  ttlMs: () => number;
  now?: () => number;
}

/** How long a finished job's states stay replayable to late subscribers on this node. */
const HISTORY_MS = 60_000;
const PURGE_EVERY_MS = 60_000;

const QUEUED: JobSnapshot = { status: 'queued', progress: 0, message: 'Queued for analysis' };
const ANALYZING: JobSnapshot = { status: 'analyzing', progress: 25, message: 'Analyzing media...' };

function failed(error: unknown): JobSnapshot {
  const appError = toAppError(error);
  // An unknown failure's own message stays with us; the user gets 'Analysis failed'.
  const message = appError.code === 'internal' ? 'Analysis failed' : appError.message || 'Analysis failed';
  const details = publicDetails(appError.details);
  return { status: 'error', progress: 100, message, code: appError.code, ...(details ? { details } : {}) };
}

/**
 * The default queue: analyses run in this process, at most `concurrency` at once; every state is written to the
 * `jobs` table before listeners hear of it, so `get()` never lags an event. On first use it marks the analyses
 * an earlier process left queued or running as interrupted.
 */
export function createInProcessQueue(options: InProcessQueueOptions): JobQueue {
  const now = options.now ?? Date.now;
  const limit = createLimiter(Math.max(1, options.concurrency ?? 8));
  const events = new EventEmitter().setMaxListeners(0);
  const history = new Map<string, JobSnapshot[]>();
  const store = createJobStoreAccess({
    name: 'jobs', db: options.db, now, recover: interruptAnalysisJobs, purge: purgeExpiredAnalysisJobs, purgeEveryMs: PURGE_EVERY_MS,
  });

  const record = (id: string, snapshot: JobSnapshot) => {
    history.set(id, [...(history.get(id) ?? []), snapshot]);
    if (isTerminal(snapshot)) setTimeout(() => history.delete(id), HISTORY_MS).unref();
    events.emit(id, snapshot);
  };

  const transition = async (id: string, snapshot: JobSnapshot) => {
    try {
      await saveSnapshot(await store(), id, snapshot, now());
    } catch (error) {
      // Listeners still learn the outcome; only a later `get()` from another node would miss it.
      console.error('[jobs] could not save job state', id, error);
    }
    record(id, snapshot);
  };

  const runJob = async (id: string, url: string, engine: EnqueueAnalysisOptions['engine']) => {
    await transition(id, ANALYZING);
    try {
      const media = await options.analyze(url, { engine });
      await transition(id, { status: 'ready', progress: 100, message: 'Analysis complete', metadata: media.info });
    } catch (error) {
      await transition(id, failed(error));
    }
  };

  return {
    async enqueueAnalysis(url, enqueueOptions = {}) {
      const recognition = recogniseUrl(url);
      assertPlatformEnabled(recognition);
      const db = await store();
      const id = newId('job');
      const engine = enqueueOptions.engine ?? 'auto';
      await insertAnalysisJob(db, {
        id, snapshot: QUEUED, payload: { url: recognition.canonicalUrl, engine },
        owner: enqueueOptions.owner ?? null, now: now(), expiresAt: now() + options.ttlMs(),
      });
      record(id, QUEUED);
      void limit(() => runJob(id, recognition.canonicalUrl, engine));
      return id;
    },

    async get(jobId) {
      return readSnapshot(await store(), jobId, now());
    },

    subscribe(jobId, listener: JobListener) {
      for (const snapshot of history.get(jobId) ?? []) listener(snapshot);
      events.on(jobId, listener);
      return () => events.off(jobId, listener);
    },

    async close() {
      events.removeAllListeners();
      history.clear();
    },

    load: () => limit.load(),
  };
}
