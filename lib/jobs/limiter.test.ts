import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';

describe('createLimiter', () => {
  it('runs at most `limit` tasks, in arrival order, and says how many run and wait', async () => {
    const limit = createLimiter(2);
    const gates: (() => void)[] = [];
    const order: number[] = [];
    const task = (n: number) => () => new Promise<void>((resolve) => gates.push(() => (order.push(n), resolve())));
    expect(limit.load()).toEqual({ running: 0, waiting: 0 });
    const all = [1, 2, 3, 4].map((n) => limit(task(n)));
    await Promise.resolve();
    expect(limit.load()).toEqual({ running: 2, waiting: 2 });
    gates.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    // The freed slot went straight to the next waiter.
    expect(limit.load()).toEqual({ running: 2, waiting: 1 });
    while (gates.length) {
      gates.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    await Promise.all(all);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(limit.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(limit.load()).toEqual({ running: 0, waiting: 0 });
  });
});
