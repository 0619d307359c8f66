import type { AnalysisEngine, JobSnapshot } from '@/lib/media/schemas';
import type { LimiterLoad } from './limiter';
import type { JobOwner } from './runner';

export type { JobSnapshot, JobStatus } from '@/lib/media/schemas';

export interface EnqueueAnalysisOptions {
  engine?: AnalysisEngine;
  /** A user id or an anonymous caller's IP hash; null for system work. */
  owner?: string | null;
  /** The signed-in user the analysis is made for: their own cookies of the link's platform may be used. */
  user?: string | null;
  /** Whose turn the analysis takes among those waiting (analyses have their own slots; no per-owner cap). */
  client?: JobOwner;
}

export type JobListener = (snapshot: JobSnapshot) => void;

/**
 * Analyses as the routes use them, over whichever job runner the process has (embedded, or BullMQ on Redis):
 * handlers never know which one runs.
 */
export interface JobQueue {
  /** Validates the link (invalid_url / unsupported_url throw here, no job is made) and returns the job id. */
  enqueueAnalysis(url: string, options?: EnqueueAnalysisOptions): Promise<string>;
  /** The job's current state, or undefined for an unknown or expired id. */
  get(jobId: string): Promise<JobSnapshot | undefined>;
  /**
   * Calls `listener` with the job's states this node has seen so far (synchronously, in order), then with each
   * new one. A node that joins late replays only what it has heard: read `get()` for the current state.
   */
  subscribe(jobId: string, listener: JobListener): () => void;
  /** Stops a queued or running analysis; false when it had already ended or is unknown here. */
  cancel(jobId: string): Promise<boolean>;
  close(): Promise<void>;
  /** Analyses this process is running and holding queued right now (never another node's). */
  load(): LimiterLoad;
}

export const isTerminal = (snapshot: JobSnapshot) => snapshot.status === 'ready' || snapshot.status === 'error';
