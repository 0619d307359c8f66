import type { Db } from '@/lib/db';
import type { LimiterLoad } from './limiter';

/** What every job's state has; a kind adds its own fields (a result, a link, an error code). */
export interface BaseState {
  status: string;
  progress: number;
  message?: string;
}

/** A state as the `jobs` row holds it: `result` is the kind's extra fields, as JSON. */
export interface StoredState {
  status: string;
  progress: number;
  message: string | null;
  result: Record<string, unknown> | null;
  /** Moves the row's expiry (a finished download lives as long as its file). */
  expiresAt?: number;
}

/** What a kind's handler is given while its job runs. */
export interface JobContext<S extends BaseState> {
  id: string;
  /** Whose turn the job took (`system` for work nobody asked for): the key its prepared bytes count against. */
  fairShareKey: string;
  /** Aborted when the job is cancelled or its process shuts down; the handler stops at the next step. */
  signal: AbortSignal;
  /** Stores the state and tells every subscriber, after any progress still being written. */
  save(state: S): Promise<void>;
  /** A progress state: written at most every 250 ms, in order, and never below what is stored. */
  progress(state: S): void;
  /** Starts another job (a playlist's entries) for the same owner, under the same rules as one a route enqueues. */
  enqueue<P>(type: string, job: JobToRun<P>): Promise<void>;
  /** True for the first caller of `key` across every process (a batch's end is reported once). */
  once(key: string): Promise<boolean>;
  /** The store the runner keeps (recovered, purged). */
  store(): Promise<Db>;
}

/** One kind of background work: how it runs, how its state is stored, what a restart or a cancel makes of it. */
export interface JobKind<P = unknown, S extends BaseState = BaseState> {
  /** Its name, unique among the kinds a runner knows: the `jobs.type` of its rows. */
  type: string;
  /** Jobs of this kind running at once in one process (per group when jobs name one). */
  concurrency: number;
  /** Statuses of a job that has not ended. */
  active: readonly string[];
  /** Statuses of a job that has ended: nothing is written over them, and its stream closes. */
  ended: readonly string[];
  /** What a job becomes when the process that ran it is gone and nothing will finish it. */
  interrupted: S;
  /** What a cancelled job becomes. */
  cancelled: S;
  encode(state: S, now: number): StoredState;
  decode(row: StoredState, id: string): S;
  run(context: JobContext<S>, payload: P): Promise<void>;
  /** Deletes what else of this kind expired (the rows themselves are purged by the runner). */
  purge?(db: Db, now: number): Promise<void>;
}

export interface JobToRun<P> {
  id: string;
  payload: P;
  /** Jobs of one group share the kind's concurrency (a batch's items); without one, the whole kind does. */
  group?: string;
  /** Whose job it is: owners take turns for the kind's slots. Jobs without one share the key `system`. */
  owner?: JobOwner;
  /** Started no sooner than this many ms from now (a retry's back-off): the wait holds none of the kind's slots. */
  delayMs?: number;
}

/** Who a job is for: the account it belongs to (null: anonymous or system work) and its turn among the jobs waiting. */
export interface JobRequester {
  accountId: string | null;
  turn?: JobOwner;
}

/** One owner of jobs: each signed-in user is one, each anonymous client (by address) is one. */
export interface JobOwner {
  /** 'user:<id>', or an anonymous client's 'ip:<hash>'. */
  key: string;
  /** At most this many of the owner's jobs of one kind run at once; unset, only the kind's concurrency bounds them. */
  concurrentJobs?: number;
}

export const SYSTEM_OWNER: JobOwner = { key: 'system' };

export interface NewJobRow<S> {
  state: S;
  owner: string | null;
  expiresAt: number;
}

export type StateListener = (state: BaseState) => void;

/** A job a runner holds right now: running, or waiting for a slot. */
export interface ListedJob {
  id: string;
  type: string;
  state: 'running' | 'waiting';
}

/**
 * The one job runner's contract. The embedded runner (lib/jobs/embedded-runner.ts) runs jobs in this process;
 * the BullMQ runner (lib/jobs/bullmq/) hands them to worker processes through Redis. Features see only this.
 */
export interface JobRunner {
  register<P, S extends BaseState>(kind: JobKind<P, S>): void;
  /** Writes the job's row (unless `row` is omitted: the caller wrote it) and queues it to run. */
  enqueue<P, S extends BaseState>(type: string, job: JobToRun<P>, row?: NewJobRow<S>): Promise<void>;
  /** The job's current state, or undefined for an unknown or expired id. */
  get<S extends BaseState>(type: string, id: string): Promise<S | undefined>;
  /**
   * Calls `listener` with the job's states this node has seen so far (synchronously, in order), then with each
   * new one, wherever the job runs.
   */
  subscribe(id: string, listener: StateListener): () => void;
  /** Stops a queued or running job (it ends in its kind's cancelled state); false when it had already ended. */
  cancel(type: string, id: string): Promise<boolean>;
  /** Jobs of the kind this process is running and holding queued right now. */
  load(type: string): LimiterLoad;
  /** True for the first caller of `key` across every process, handlers' `once` included (a batch's end is reported once). */
  once(key: string): Promise<boolean>;
  /**
   * Every job queued or running right now, of every kind: this process's on the embedded runner, the shared
   * queues' (whichever worker runs them) on BullMQ. A cancelled job is not listed.
   */
  list(): Promise<ListedJob[]>;
  /** The store, recovered and purged as the runner keeps it. */
  store(): Promise<Db>;
  close(): Promise<void>;
}
