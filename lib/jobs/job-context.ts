import 'server-only';
import type { Db } from '@/lib/db';
import { SYSTEM_OWNER, type BaseState, type JobContext, type JobOwner, type JobToRun } from './runner';

const PROGRESS_EVERY_MS = 250;

export interface ContextOptions<S extends BaseState> {
  id: string;
  /** The running job's owner; jobs it starts are that owner's too. */
  owner?: JobOwner;
  signal: AbortSignal;
  /** Stores and publishes one state (the runner's own writer). */
  write(state: S): Promise<void>;
  enqueue<P>(type: string, job: JobToRun<P>): Promise<void>;
  once(key: string): Promise<boolean>;
  store(): Promise<Db>;
  now: () => number;
}

/**
 * The context a handler runs in, the same in every runner: progress states are thinned to one every 250 ms and
 * written one at a time, in order, never lower than the last; a final state waits for them. Once the job is
 * cancelled nothing the handler says is written (the runner has written the cancelled state).
 */
export function createJobContext<S extends BaseState>(options: ContextOptions<S>): JobContext<S> {
  let writing = Promise.resolve();
  let lastWrite = 0;
  let highest = -1;
  const write = (state: S) => {
    writing = writing.then(() => (options.signal.aborted ? undefined : options.write(state)));
    return writing;
  };
  return {
    id: options.id,
    fairShareKey: (options.owner ?? SYSTEM_OWNER).key,
    signal: options.signal,
    save: (state) => write(state),
    progress(state) {
      if (state.progress <= highest || options.now() - lastWrite < PROGRESS_EVERY_MS) return;
      highest = state.progress;
      lastWrite = options.now();
      void write(state);
    },
    enqueue: (type, job) => options.enqueue(type, { ...job, owner: job.owner ?? options.owner }),
    once: (key) => options.once(key),
    store: () => options.store(),
  };
}
