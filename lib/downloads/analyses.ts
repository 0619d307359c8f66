import 'server-only';
import { newId } from '@/lib/db/ids';
import { publicDetails, toAppError } from '@/lib/errors';
import type { LimiterLoad } from '@/lib/jobs/limiter';
import type { JobKind, JobRequester, JobRunner } from '@/lib/jobs/runner';
import type { AnalyzedMedia, AnalyzeOptions } from '@/lib/media/analyze';
import { recogniseUrl } from '@/lib/media/platforms';
import { assertPlatformEnabled } from '@/lib/media/platforms/enabled';
import type { AnalysisEngine, JobSnapshot } from '@/lib/media/schemas';
import type { JobStatus } from './job-status';
import { jobBasics } from './prepare-file';

export type { JobSnapshot } from '@/lib/media/schemas';

export interface AnalysisPayload {
  url: string;
  engine: AnalysisEngine;
  /** The signed-in user it is made for (their own platform cookies may apply); absent for anyone else. */
  user?: string;
}

/** An analysis's state as its row and its runner hold it: the public snapshot in the jobs' own words. */
type AnalysisState = Omit<JobSnapshot, 'status'> & { status: Exclude<JobStatus, 'processing'> };

/** The public words: an analysis that failed reads `error`. */
const snapshotOf = ({ status, ...rest }: AnalysisState): JobSnapshot => ({ status: status === 'failed' ? 'error' : status, ...rest });

const QUEUED: AnalysisState = { status: 'queued', progress: 0, message: 'Queued for analysis' };
const ANALYZING: AnalysisState = { status: 'analyzing', progress: 25, message: 'Analyzing media...' };

function failed(error: unknown): AnalysisState {
  const appError = toAppError(error);
  // An unknown failure's own message stays with us; the user gets 'Analysis failed'.
  const message = appError.code === 'internal' ? 'Analysis failed' : appError.message || 'Analysis failed';
  // What a visitor may read of the failure (a paused platform's retry time, an outage's start) rides along.
  const details = publicDetails(appError.details);
  return { status: 'failed', progress: 100, message, code: appError.code, ...(details ? { details } : {}) };
}

/** The analysis kind: one link analysed (native extractors or yt-dlp); its media rides in the row's result. */
export function analysisKind(deps: {
  /** `user`: whose own platform cookies the composition root may add (the runner never reads them itself). */
  analyze: (url: string, options: AnalyzeOptions, user: string | null) => Promise<AnalyzedMedia>;
  concurrency?: number;
}): JobKind<AnalysisPayload, AnalysisState> {
  return {
    type: 'analysis',
    concurrency: deps.concurrency ?? 8,
    ...jobBasics(100),
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

export interface EnqueueAnalysisOptions {
  engine?: AnalysisEngine;
  /** The account's own cookies of the link's platform may be used; analyses have their own slots, no per-owner cap. */
  requester?: JobRequester;
}

/**
 * Analyses as the routes use them, over whichever job runner the process has (embedded, or BullMQ on Redis):
 * handlers never know which one runs. Their states are the public snapshots.
 */
export interface Analyses {
  /** Validates the link (invalid_url / unsupported_url throw here, no job is made) and returns the job id. */
  enqueueAnalysis(url: string, options?: EnqueueAnalysisOptions): Promise<string>;
  /** The job's current state, or undefined for an unknown or expired id. */
  get(jobId: string): Promise<JobSnapshot | undefined>;
  /**
   * Calls `listener` with the job's states this node has seen so far (synchronously, in order), then with each
   * new one. A node that joins late replays only what it has heard: read `get()` for the current state.
   */
  subscribe(jobId: string, listener: (snapshot: JobSnapshot) => void): () => void;
  /** Stops a queued or running analysis; false when it had already ended or is unknown here. */
  cancel(jobId: string): Promise<boolean>;
  close(): Promise<void>;
  /** Analyses this process is running and holding queued right now (never another node's). */
  load(): LimiterLoad;
}

/** Analyses as the routes see them: a job of the analysis kind on whichever runner the process has. */
export function createAnalyses(runner: JobRunner, options: { ttlMs: () => number; now?: () => number }): Analyses {
  const now = options.now ?? Date.now;
  return {
    async enqueueAnalysis(url, enqueueOptions = {}) {
      const { requester } = enqueueOptions;
      const recognition = recogniseUrl(url);
      assertPlatformEnabled(recognition);
      const id = newId('job');
      const payload: AnalysisPayload = {
        url: recognition.canonicalUrl, engine: enqueueOptions.engine ?? 'auto', ...(requester?.accountId ? { user: requester.accountId } : {}),
      };
      await runner.enqueue('analysis', { id, payload, owner: requester?.turn }, { state: QUEUED, owner: null, expiresAt: now() + options.ttlMs() });
      return id;
    },
    get: async (jobId) => {
      const state = await runner.get<AnalysisState>('analysis', jobId);
      return state && snapshotOf(state);
    },
    subscribe: (jobId, listener) => runner.subscribe(jobId, (state) => listener(snapshotOf(state as AnalysisState))),
    cancel: (jobId) => runner.cancel('analysis', jobId),
    close: () => runner.close(),
    load: () => runner.load('analysis'),
  };
}
