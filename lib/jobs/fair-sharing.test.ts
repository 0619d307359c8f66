import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import { createSqliteTestDb } from '@/test/db-engines';
import { createEmbeddedRunner } from './embedded-runner';
import { gatedKind, until } from './fair.testkit';
import type { JobOwner } from './runner';

describe('fair sharing on the embedded runner', () => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  const setUp = async (concurrency: number, fair = true) => {
    db ??= await createSqliteTestDb();
    const store = db;
    const runner = createEmbeddedRunner({ db: async () => store, fair });
    const gated = gatedKind(concurrency);
    runner.register(gated.kind);
    const start = (id: string, owner: JobOwner, group?: string) =>
      runner.enqueue('download', { id, payload: { n: 1 }, owner, group }, { state: { status: 'queued', progress: 0 }, owner: null, expiresAt: Date.now() + 60_000 });
    return { runner, start, ...gated };
  };

  it("starts B's single job in the first slot that frees while A's 20 wait", async () => {
    const { start, started, finish, runner } = await setUp(2);
    for (let i = 0; i < 20; i++) await start(`a${i}`, { key: 'user:a' });
    await start('b0', { key: 'user:b' });
    await until(() => started.length === 2);
    expect(started).toEqual(['a0', 'a1']);
    expect(runner.load('download')).toEqual({ running: 2, waiting: 19 });
    finish('a0');
    await until(() => started.length === 3);
    expect(started[2]).toBe('b0');
    // Then A's batch goes on in its own order.
    finish('a1');
    await until(() => started.length === 4);
    expect(started[3]).toBe('a2');
  });

  it('first in, first out when fairness is off: B waits behind all of A', async () => {
    const { start, started, finish } = await setUp(1, false);
    for (let i = 0; i < 3; i++) await start(`a${i}`, { key: 'user:a' });
    await start('b0', { key: 'user:b' });
    for (const id of ['a0', 'a1', 'a2']) {
      await until(() => started.includes(id));
      finish(id);
    }
    await until(() => started.length === 4);
    expect(started).toEqual(['a0', 'a1', 'a2', 'b0']);
  });

  it('takes turns between three owners, each oldest job first', async () => {
    const { start, started, finish } = await setUp(1);
    await start('a0', { key: 'user:a' });
    for (const id of ['a1', 'a2', 'b0', 'b1', 'c0']) await start(id, { key: `user:${id[0]}` });
    for (let i = 0; i < 6; i++) {
      await until(() => started.length === i + 1);
      finish(started[i]);
    }
    expect(started).toEqual(['a0', 'b0', 'c0', 'a1', 'b1', 'a2']);
  });

  it("runs at most an owner's concurrentJobs at once, and other owners' jobs use the slots left", async () => {
    const { start, started, finish, running, peak } = await setUp(4);
    for (let i = 0; i < 6; i++) await start(`a${i}`, { key: 'user:a', concurrentJobs: 2 });
    await start('b0', { key: 'user:b', concurrentJobs: 2 });
    await until(() => started.length === 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(running().sort()).toEqual(['a0', 'a1', 'b0']);
    finish('a0');
    await until(() => started.length === 4);
    expect(started[3]).toBe('a2');
    for (let done = 0; done < 8 && running().length; done++) {
      finish(running()[0]);
      await new Promise((r) => setTimeout(r, 20));
    }
    await until(() => running().length === 0 && started.length === 7);
    expect(peak()).toBe(3);
  });

  it("caps an owner's jobs across the groups of its batches", async () => {
    const { start, started, running } = await setUp(2);
    for (const group of ['batch1', 'batch2', 'batch3']) {
      for (let i = 0; i < 2; i++) await start(`${group}-${i}`, { key: 'ip:abc', concurrentJobs: 3 }, group);
    }
    await until(() => started.length === 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(running()).toHaveLength(3);
  });

  it('gives the jobs a handler starts (a playlist\'s entries) the owner of the job that started them', async () => {
    db ??= await createSqliteTestDb();
    const store = db;
    const runner = createEmbeddedRunner({ db: async () => store });
    const owners = new Map<string, string>();
    runner.register({
      ...gatedKind(2).kind,
      async run(context) {
        owners.set(context.id, context.fairShareKey);
        if (context.id === 'parent') await context.enqueue('download', { id: 'child', payload: { n: 2 } });
      },
    });
    await runner.enqueue('download', { id: 'parent', payload: { n: 1 }, owner: { key: 'user:a', concurrentJobs: 1 } });
    await runner.enqueue('download', { id: 'nobody', payload: { n: 1 } });
    await until(() => owners.size === 3);
    expect(Object.fromEntries(owners)).toEqual({ parent: 'user:a', child: 'user:a', nobody: 'system' });
  });
});
