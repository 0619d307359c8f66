/** What a limiter holds right now: tasks running, and tasks waiting for a slot. */
export interface LimiterLoad {
  running: number;
  waiting: number;
}

export interface Limiter {
  <T>(task: () => Promise<T>): Promise<T>;
  load(): LimiterLoad;
}

/** At most `limit` tasks at once; the rest wait in arrival order. */
export function createLimiter(limit: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  // A finishing task hands its slot straight to the next waiter, so a newcomer cannot slip in between.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  const run = async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
  return Object.assign(run, { load: (): LimiterLoad => ({ running: active, waiting: waiting.length }) });
}
