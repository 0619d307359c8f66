import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import { dbEngines } from '@/test/db-engines';
import { createEmbeddedRunner } from './embedded-runner';
import type { BaseState, JobContext, JobKind } from './runner';

interface TestState extends BaseState {
  status: 'queued' | 'running' | 'done' | 'failed';
  code?: string;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => (resolve = res));
  return { promise, resolve };
}

async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition never met');
}

/** A kind whose handler does what each test hands it. */
function testKind(run: (context: JobContext<TestState>, payload: { n: number }) => Promise<void>, concurrency = 1): JobKind<{ n: number }, TestState> {
  return {
    type: 'download',
    concurrency,
    active: ['queued', 'running'],
    ended: ['done', 'failed'],
    interrupted: { status: 'failed', progress: 0, message: 'Interrupted', code: 'unavailable' },
    cancelled: { status: 'failed', progress: 0, message: 'Cancelled', code: 'cancelled' },
    encode: ({ status, progress, message, code }) => ({ status, progress, message: message ?? null, result: code ? { code } : null }),
    decode: (row) => ({ status: row.status as TestState['status'], progress: row.progress, ...(row.result ?? {}) }),
    run,
  };
}

const queued: TestState = { status: 'queued', progress: 0 };

describe.each(dbEngines())('the embedded runner on $name', ({ create }) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });
  const runnerOn = async (kind: JobKind<{ n: number }, TestState>) => {
    db ??= await create();
    const store = db;
    const runner = createEmbeddedRunner({ db: async () => store });
    runner.register(kind);
    const start = (id: string, group?: string) =>
      runner.enqueue('download', { id, payload: { n: 1 }, group }, { state: queued, owner: null, expiresAt: Date.now() + 60_000 });
    return { runner, start };
  };

  it('cancels a running job: the handler is told, its later states are dropped, and it ends cancelled', async () => {
    const gate = deferred();
    let aborted = false;
    const { runner, start } = await runnerOn(testKind(async (context) => {
      await context.save({ status: 'running', progress: 10 });
      await gate.promise;
      aborted = context.signal.aborted;
      await context.save({ status: 'done', progress: 100 });
    }));
    const seen: string[] = [];
    await start('dl_a');
    runner.subscribe('dl_a', (state) => seen.push(state.status));
    await until(async () => (await runner.get('download', 'dl_a'))?.status === 'running');
    expect(await runner.cancel('download', 'dl_a')).toBe(true);
    gate.resolve();
    await until(() => runner.load('download').running === 0);
    expect(aborted).toBe(true);
    expect(await runner.get('download', 'dl_a')).toMatchObject({ status: 'failed', code: 'cancelled' });
    expect(seen).toEqual(['queued', 'running', 'failed']);
    expect(await runner.cancel('download', 'dl_a')).toBe(false);
  });

  it('cancels a queued job before it ever runs', async () => {
    const gate = deferred();
    const ran: string[] = [];
    const { runner, start } = await runnerOn(testKind(async (context) => {
      ran.push(context.id);
      await gate.promise;
      await context.save({ status: 'done', progress: 100 });
    }));
    await start('dl_first');
    await start('dl_second');
    expect(runner.load('download')).toEqual({ running: 1, waiting: 1 });
    expect(await runner.cancel('download', 'dl_second')).toBe(true);
    gate.resolve();
    await until(async () => (await runner.get('download', 'dl_first'))?.status === 'done');
    await until(() => runner.load('download').running + runner.load('download').waiting === 0);
    expect(ran).toEqual(['dl_first']);
    expect(await runner.get('download', 'dl_second')).toMatchObject({ status: 'failed', code: 'cancelled' });
  });

  it('thins progress to one write per 250 ms, never lower than the last', async () => {
    const { runner, start } = await runnerOn(testKind(async (context) => {
      for (const progress of [20, 30, 15, 40]) context.progress({ status: 'running', progress });
      await new Promise((r) => setTimeout(r, 300));
      context.progress({ status: 'running', progress: 10 });
      context.progress({ status: 'running', progress: 60 });
      await context.save({ status: 'done', progress: 100 });
    }));
    const seen: number[] = [];
    await start('dl_p');
    runner.subscribe('dl_p', (state) => seen.push(state.progress));
    await until(async () => (await runner.get('download', 'dl_p'))?.status === 'done');
    expect(seen).toEqual([0, 20, 60, 100]);
  });

  it('runs `concurrency` jobs of one group at once, and each group on its own', async () => {
    const gates = [deferred(), deferred(), deferred()];
    let running = 0;
    let peak = 0;
    const { runner, start } = await runnerOn(testKind(async (context) => {
      peak = Math.max(peak, ++running);
      await gates[Number(context.id.slice(-1))].promise;
      running--;
      await context.save({ status: 'done', progress: 100 });
    }));
    await start('dl_0', 'batch_a');
    await start('dl_1', 'batch_a');
    await start('dl_2', 'batch_b');
    expect(runner.load('download')).toEqual({ running: 2, waiting: 1 });
    gates.forEach((gate) => gate.resolve());
    await until(() => runner.load('download').running + runner.load('download').waiting === 0);
    expect(peak).toBe(2);
  });

  it('starts a delayed job only after its delay, taking no slot while it waits, and a cancel stops it before it starts', async () => {
    const started: Record<string, number> = {};
    const { runner } = await runnerOn(testKind(async (context) => {
      started[context.id] = Date.now();
      await context.save({ status: 'done', progress: 100 });
    }));
    const row = { state: queued, owner: null, expiresAt: Date.now() + 60_000 };
    const at = Date.now();
    await runner.enqueue('download', { id: 'dl_later', payload: { n: 1 }, delayMs: 300 }, row);
    await runner.enqueue('download', { id: 'dl_never', payload: { n: 1 }, delayMs: 300 }, row);
    // The kind runs one at a time: a job queued now runs at once, the delayed ones holding no slot.
    await runner.enqueue('download', { id: 'dl_now', payload: { n: 1 } }, row);
    await until(() => 'dl_now' in started);
    expect(started.dl_now - at).toBeLessThan(250);
    expect(await runner.list()).toEqual(expect.arrayContaining([{ id: 'dl_later', type: 'download', state: 'waiting' }]));
    expect(await runner.cancel('download', 'dl_never')).toBe(true);
    await until(() => 'dl_later' in started);
    expect(started.dl_later - at).toBeGreaterThanOrEqual(290);
    await new Promise((r) => setTimeout(r, 100));
    expect(started).not.toHaveProperty('dl_never');
    expect(await runner.get('download', 'dl_never')).toMatchObject({ status: 'failed', code: 'cancelled' });
    expect(await runner.list()).toEqual([]);
  });
});
