import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import { createEmbeddedRunner } from '@/lib/jobs/embedded-runner';
import { dbEngines } from '@/test/db-engines';
import { cancelAnyJob, cancelJobsOf, liveQueue } from './queue';
import { addUser, gatedKind, queued, until } from './queue.testkit';

describe.each(dbEngines())('the live queue on the embedded runner ($name)', ({ create }) => {
  let db: Db | undefined;
  let release = () => {};
  afterEach(async () => {
    release();
    await db?.close();
    db = undefined;
  });

  it('lists running and waiting jobs with owner, progress and age, and cancels any of them', async () => {
    db = await create();
    const store = db;
    await addUser(store, 'usr_a', 'a@example.com');
    const gated = gatedKind(1);
    release = gated.release;
    const runner = createEmbeddedRunner({ db: async () => store });
    runner.register(gated.kind);
    const start = (id: string, owner: string | null) =>
      runner.enqueue('download', { id, payload: { n: 1 } }, { state: queued, owner, expiresAt: Date.now() + 60_000 });
    await start('dl_1', 'usr_a');
    await start('dl_2', null);
    await start('dl_3', 'usr_a');
    await until(async () => (await runner.get('download', 'dl_1'))?.status === 'running');

    expect(await runner.list()).toEqual([
      { id: 'dl_1', type: 'download', state: 'running' },
      { id: 'dl_2', type: 'download', state: 'waiting' },
      { id: 'dl_3', type: 'download', state: 'waiting' },
    ]);
    const live = await liveQueue(runner, store);
    expect(live.map(({ id, kind, state, owner, progress }) => ({ id, kind, state, owner, progress }))).toEqual([
      { id: 'dl_1', kind: 'download', state: 'running', owner: 'a@example.com', progress: 40 },
      { id: 'dl_2', kind: 'download', state: 'waiting', owner: null, progress: 0 },
      { id: 'dl_3', kind: 'download', state: 'waiting', owner: 'a@example.com', progress: 0 },
    ]);
    expect(Date.now() - Date.parse(live[0].createdAt)).toBeLessThan(60_000);

    // A waiting job and the running one: both end cancelled and leave the list; the next one starts.
    expect(await cancelAnyJob(runner, store, 'dl_2')).toEqual({ kind: 'download' });
    expect(await cancelAnyJob(runner, store, 'dl_1')).toEqual({ kind: 'download' });
    expect(await runner.get('download', 'dl_1')).toMatchObject({ status: 'failed', code: 'cancelled' });
    await until(async () => (await runner.get('download', 'dl_3'))?.status === 'running');
    expect((await runner.list()).map((job) => job.id)).toEqual(['dl_3']);
    await expect(cancelAnyJob(runner, store, 'dl_1')).rejects.toMatchObject({ code: 'not_found' });
    await expect(cancelAnyJob(runner, store, 'dl_unknown')).rejects.toMatchObject({ code: 'not_found' });

    // Deleting a user first stops what they still have queued or running.
    expect(await cancelJobsOf(runner, store, 'usr_a')).toBe(1);
    expect(await runner.list()).toEqual([]);
    await until(() => gated.aborted.includes('dl_3'));
  });
});
