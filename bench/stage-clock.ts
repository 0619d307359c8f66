/**
 * Where one request's time goes, by stage: the bench wraps the functions each stage runs (the store's calls, the
 * quota's meter, the engine, its fetches, the analysis cache, the event buses, the metrics) and, while the clock
 * runs, notes each call's interval. A stage's time is the union of its intervals, so concurrent calls are not
 * counted twice. Not a bench itself.
 */
import type { Db } from '@/lib/db';

export const STAGES = ['quota', 'store', 'engine', 'fetch', 'cache', 'events', 'metrics'] as const;
export type Stage = (typeof STAGES)[number];

const clock = { on: false, spans: new Map<Stage, [number, number][]>() };

export function startClock(): void {
  clock.spans.clear();
  clock.on = true;
}

const unionLength = (spans: [number, number][]): number => {
  let total = 0;
  let reach = -Infinity;
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (end <= reach) continue;
    total += end - Math.max(start, reach);
    reach = end;
  }
  return total;
};

/** Stops the clock: each stage's time (ms), and the union of every stage but `fetch` and `engine`'s own (ours). */
export function stopClock(): Record<Stage, number> & { all: number } {
  clock.on = false;
  const out = Object.fromEntries(STAGES.map((stage) => [stage, unionLength(clock.spans.get(stage) ?? [])])) as Record<Stage, number>;
  return { ...out, all: unionLength(STAGES.flatMap((stage) => clock.spans.get(stage) ?? [])) };
}

export function note(stage: Stage, start: number, end = performance.now()): void {
  if (!clock.on) return;
  const list = clock.spans.get(stage) ?? [];
  list.push([start, end]);
  clock.spans.set(stage, list);
}

/** `fn` with each call's interval noted under `stage` (until its promise settles). */
export function timedFn<A extends unknown[], R>(stage: Stage, fn: (...args: A) => R): (...args: A) => R {
  return function (this: unknown, ...args: A): R {
    const start = performance.now();
    const result = fn.apply(this, args);
    if (result instanceof Promise) return result.finally(() => note(stage, start)) as R;
    note(stage, start);
    return result;
  };
}

/** A fetch whose call counts until its body has been read to the end or cancelled (or a whole-body read resolves). */
export function timedFetch<A extends unknown[]>(fetch: (...args: A) => Promise<Response>): (...args: A) => Promise<Response> {
  return async (...args: A) => {
    const start = performance.now();
    const res = await fetch(...args);
    let done = false;
    const end = () => {
      if (done) return;
      done = true;
      note('fetch', start);
    };
    if (!res.body) end();
    else {
      const body = res.body;
      const getReader = body.getReader.bind(body) as () => ReadableStreamDefaultReader<Uint8Array>;
      Object.defineProperty(body, 'getReader', {
        value: () => {
          const reader = getReader();
          const read = reader.read.bind(reader);
          const cancel = reader.cancel.bind(reader);
          Object.defineProperty(reader, 'read', { value: async () => { const next = await read(); if (next.done) end(); return next; } });
          Object.defineProperty(reader, 'cancel', { value: async (reason?: unknown) => { end(); return cancel(reason); } });
          return reader;
        },
      });
      for (const name of ['text', 'arrayBuffer', 'json', 'bytes', 'blob'] as const) {
        const whole = (res[name] as () => Promise<unknown>).bind(res);
        Object.defineProperty(res, name, { value: () => whole().finally(end) });
      }
    }
    return res;
  };
}

/** The store's calls, by what they touch: the jobs' rows are the store; the day's visitor figures are an event's work. */
export function timeDb(db: Db): void {
  const target = db as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of ['run', 'get', 'query']) {
    const original = target[method].bind(db);
    target[method] = (...args: unknown[]) => {
      const stage: Stage = /\bstat_/.test(String(args[0])) ? 'events' : 'store';
      return timedFn(stage, original)(...args);
    };
  }
}
