import { afterEach, describe, expect, it, vi } from 'vitest';

// A server bundles lib/config.ts more than once (the proxy, instrumentation, each route's chunk): every copy must
// share one watch on process.env, or each call of one copy replaces the others' and the variables are read anew.
describe('the watch on process.env', () => {
  const saved = process.env;
  afterEach(() => {
    process.env = saved;
  });

  it('is one per process, whichever copy of the module asks', async () => {
    const first = await import('./config');
    vi.resetModules();
    const second = await import('./config');
    expect(second).not.toBe(first);
    first.config();
    const watched = process.env;
    for (let i = 0; i < 5; i += 1) {
      second.config();
      first.config();
    }
    // Not replaced again, so not nested: both copies answer from their cache.
    expect(process.env).toBe(watched);
    expect(second.config()).toBe(second.config());
    expect(first.config()).toBe(first.config());
  });

  it('still sees a change made through process.env, in every copy', async () => {
    const first = await import('./config');
    vi.resetModules();
    const second = await import('./config');
    const before = [first.config().env.ANALYZE_WAIT_MS, second.config().env.ANALYZE_WAIT_MS];
    process.env.ANALYZE_WAIT_MS = String(before[0] + 7);
    try {
      expect(first.config().env.ANALYZE_WAIT_MS).toBe(before[0] + 7);
      expect(second.config().env.ANALYZE_WAIT_MS).toBe(before[1] + 7);
    } finally {
      delete process.env.ANALYZE_WAIT_MS;
    }
  });
});
