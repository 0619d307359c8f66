import type { AnalysisEngine, JobSnapshot } from '@/lib/media/schemas';
import type { LimiterLoad } from './limiter';

export type { JobSnapshot, JobStatus } from '@/lib/media/schemas';

export interface EnqueueAnalysisOptions {
  engine?: AnalysisEngine;
  /** A user id or an anonymous caller's IP hash; null for system work. */
  owner?: string | null;
}

export type JobListener = (snapshot: JobSnapshot) => void;

/**
 * The job queue's whole contract. The in-process queue is the default; a BullMQ queue on Redis
 * implements the same four methods, so handlers never know which one runs.
 */
export interface JobQueue {
  /** Validates the link (invalid_url / unsupported_url throw here, no job is made) and returns the job id. */
  enqueueAnalysis(url: string, options?: EnqueueAnalysisOptions): Promise<string>;
  /** The job's current state, or undefined for an unknown or expired id. */
  get(jobId: string): Promise<JobSnapshot | undefined>;
  /**
   * Calls `listener` with the job's states this node has seen so far (synchronously, in order), then with each
   * new one. A node that never ran the job replays nothing: read `get()` for the current state.
   */
  subscribe(jobId: string, listener: JobListener): () => void;
  close(): Promise<void>;
  /** Analyses this process is running and holding queued right now (never another node's). */
  load(): LimiterLoad;
}

export const isTerminal = (snapshot: JobSnapshot) => snapshot.status === 'ready' || snapshot.status === 'error';
