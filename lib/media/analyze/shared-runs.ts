import { AppError } from '@/lib/errors';

interface Run<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiters: number;
}

/**
 * Concurrent requests for the same key share one run. A caller's signal stops only that caller's wait; the
 * run itself is aborted when every caller has gone, so one impatient user cannot cancel another's analysis.
 */
export class SharedRuns<T> {
  private readonly runs = new Map<string, Run<T>>();

  run(key: string, work: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    let run = this.runs.get(key);
    if (!run) {
      const controller = new AbortController();
      const created: Run<T> = { controller, waiters: 0, promise: Promise.resolve() as Promise<never> };
      created.promise = Promise.resolve()
        .then(() => work(controller.signal))
        .finally(() => {
          if (this.runs.get(key) === created) this.runs.delete(key);
        });
      this.runs.set(key, created);
      run = created;
    }
    run.waiters += 1;
    return signal ? this.waitFor(run, signal) : run.promise;
  }

  private waitFor(run: Run<T>, signal: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        run.waiters -= 1;
        if (run.waiters === 0) run.controller.abort();
        reject(new AppError('unavailable', 'The analysis was cancelled', { cancelled: true }));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      run.promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }
}
