import type { LimiterLoad } from './limiter';

/** Whose a waiting task is and which slots it needs. */
export interface FairTicket {
  /** The owner key ('user:<id>', 'ip:<hash>'; ownerless work shares one key). */
  owner: string;
  /** Tasks of one group share `limit` slots of their own (a batch's items); without one, the ungrouped slots. */
  group?: string;
  /** At most this many of the owner's tasks run at once; unset, only the slots bound them. */
  ownerLimit?: number;
}

export interface FairQueue {
  run<T>(ticket: FairTicket, task: () => Promise<T>): Promise<T>;
  load(): LimiterLoad;
}

interface Waiter extends FairTicket {
  seq: number;
  start: () => void;
}

const NONE = '\u0000';

/**
 * At most `limit` tasks at once per group (tasks without a group share one set of slots). When a slot frees, the
 * next task is — `fair` — the oldest waiting task of the owner with the fewest tasks running, ties going to the
 * owner served longest ago, so owners take turns however many tasks each has queued; or — not `fair` — the
 * oldest waiting task of anyone (first in, first out). A task whose owner is at its own limit, or whose group's
 * slots are full, is passed over until that changes.
 */
export function createFairQueue(limit: number, fair = true): FairQueue {
  const waiting = new Map<string, Waiter[]>();
  const ownerRunning = new Map<string, number>();
  const groupRunning = new Map<string, number>();
  const lastServed = new Map<string, number>();
  let seq = 0;
  let served = 0;
  let running = 0;
  let queued = 0;

  const count = (map: Map<string, number>, key: string, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next > 0) map.set(key, next);
    else map.delete(key);
  };
  const eligible = (waiter: Waiter) =>
    (groupRunning.get(waiter.group ?? NONE) ?? 0) < limit && (ownerRunning.get(waiter.owner) ?? 0) < (waiter.ownerLimit ?? Infinity);

  const pick = (): Waiter | undefined => {
    let best: Waiter | undefined;
    let bestRank: [number, number, number] | undefined;
    for (const [owner, list] of waiting) {
      const candidate = list.find(eligible);
      if (!candidate) continue;
      const rank: [number, number, number] = fair
        ? [ownerRunning.get(owner) ?? 0, lastServed.get(owner) ?? -1, candidate.seq]
        : [0, 0, candidate.seq];
      if (less(rank, bestRank)) {
        best = candidate;
        bestRank = rank;
      }
    }
    return best;
  };

  const dispatch = () => {
    for (let next = pick(); next; next = pick()) {
      const list = waiting.get(next.owner)!;
      list.splice(list.indexOf(next), 1);
      if (!list.length) waiting.delete(next.owner);
      queued -= 1;
      running += 1;
      count(ownerRunning, next.owner, 1);
      count(groupRunning, next.group ?? NONE, 1);
      lastServed.set(next.owner, (served += 1));
      next.start();
    }
  };

  const release = (ticket: FairTicket) => {
    running -= 1;
    count(ownerRunning, ticket.owner, -1);
    count(groupRunning, ticket.group ?? NONE, -1);
    // An owner with nothing left here is forgotten: coming back, it is served like any newcomer.
    if (!ownerRunning.has(ticket.owner) && !waiting.has(ticket.owner)) lastServed.delete(ticket.owner);
    dispatch();
  };

  return {
    async run(ticket, task) {
      await new Promise<void>((start) => {
        const list = waiting.get(ticket.owner) ?? [];
        list.push({ ...ticket, seq: (seq += 1), start });
        waiting.set(ticket.owner, list);
        queued += 1;
        dispatch();
      });
      try {
        return await task();
      } finally {
        release(ticket);
      }
    },
    load: () => ({ running, waiting: queued }),
  };
}

function less(a: [number, number, number], b: [number, number, number] | undefined): boolean {
  if (!b) return true;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}
