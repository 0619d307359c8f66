import 'server-only';
import { newId } from '@/lib/db/ids';
import { publicDetails, toAppError } from '@/lib/errors';
import type { AnalyzedMedia, AnalyzeOptions } from '@/lib/media/analyze';
import type { AnalysisEngine } from '@/lib/media/schemas';
import { recogniseUrl } from '@/lib/media/platforms';
import { assertPlatformEnabled } from '@/lib/media/platforms/enabled';
import { INTERRUPTED_MESSAGE, CANCELLED_MESSAGE } from './job-rows';
import type { JobKind, JobRunner } from './runner';
import type { JobQueue, JobSnapshot } from './types';

export interface AnalysisPayload {
  url: string;
  engine: AnalysisEngine;
  /** The signed-in user it is made for (their own platform cookies may apply); absent for anyone else. */
  user?: string;
}

const QUEUED: JobSnapshot = { status: 'queued', progress: 0, message: 'Queued for analysis' };
const ANALYZING: JobSnapshot = { status: 'analyzing', progress: 25, message: 'Analyzing media...' };

function failed(error: unknown): JobSnapshot {
  const appError = toAppError(error);
  // An unknown failure's own message stays with us; the user gets 'Analysis failed'.
  const message = appError.code === 'internal' ? 'Analysis failed' : appError.message || 'Analysis failed';
  // What a visitor may read of the failure (a paused platform's retry time, an outage's start) rides along.
  const details = publicDetails(appError.details);
  return { status: 'error', progress: 100, message, code: appError.code, ...(details ? { details } : {}) };
}

/** The analysis kind: one link analysed (native extractors or yt-dlp); its media rides in the row's result. */
export function analysisKind(deps: {
  /** `user`: whose own platform cookies the composition root may add (the runner never reads them itself). */
  analyze: (url: string, options: AnalyzeOptions, user: string | null) => Promise<AnalyzedMedia>;
  concurrency?: number;
}): JobKind<AnalysisPayload, JobSnapshot> {
  return {
    type: 'analysis',
    concurrency: deps.concurrency ?? 8,
    active: ['queued', 'analyzing'],
    ended: ['ready', 'error'],
    interrupted: { status: 'error', progress: 100, message: INTERRUPTED_MESSAGE, code: 'unavailable' },
    cancelled: { status: 'error', progress: 100, message: CANCELLED_MESSAGE, code: 'cancelled' },
    encode: ({ status, progress, message, metadata, code, details }) => ({
      status, progress, message: message ?? null, result: metadata || code ? { metadata, code, ...(details ? { details } : {}) } : null,
    }),
    decode(row) {
      const snapshot: JobSnapshot = { status: row.status as JobSnapshot['status'], progress: row.progress };
      if (row.message) snapshot.message = row.message;
      const result = (row.result ?? {}) as Pick<JobSnapshot, 'metadata' | 'code' | 'details'>;
      if (result.metadata) snapshot.metadata = result.metadata;
      if (result.code) snapshot.code = result.code;
      if (result.details) snapshot.details = result.details;
      return snapshot;
    },
    async run(context, { url, engine, user }) {
      await context.save(ANALYZING);
      try {
        const media = await deps.analyze(url, { engine, signal: context.signal }, user ?? null);
        await context.save({ status: 'ready', progress: 100, message: 'Analysis complete', metadata: media.info });
      } catch (error) {
        await context.save(failed(error));
      }
    },
  };
}

/** Analyses as the routes see them: a job of the analysis kind on whichever runner the process has. */
export function createAnalyses(runner: JobRunner, options: { ttlMs: () => number; now?: () => number }): JobQueue {
  const now = options.now ?? Date.now;
  return {
    async enqueueAnalysis(url, enqueueOptions = {}) {
      const recognition = recogniseUrl(url);
      assertPlatformEnabled(recognition);
      const id = newId('job');
      const payload: AnalysisPayload = {
        url: recognition.canonicalUrl, engine: enqueueOptions.engine ?? 'auto', ...(enqueueOptions.user ? { user: enqueueOptions.user } : {}),
      };
      await runner.enqueue('analysis', { id, payload, owner: enqueueOptions.client }, { state: QUEUED, owner: enqueueOptions.owner ?? null, expiresAt: now() + options.ttlMs() });
      return id;
    },
    get: (jobId) => runner.get<JobSnapshot>('analysis', jobId),
    subscribe: (jobId, listener) => runner.subscribe(jobId, listener as (state: unknown) => void),
    cancel: (jobId) => runner.cancel('analysis', jobId),
    close: () => runner.close(),
    load: () => runner.load('analysis'),
  };
}
