/**
 * The fair-sharing bench's BullMQ worker, in a process of its own as deployed: the node that queues must not share
 * its event loop with the one that runs. It runs the bench's fixture job (FAIR_JOB_MS of waiting, then the final
 * state) FAIR_CONCURRENCY at a time and tells the bench over IPC when each job starts (wall-clock ms, one machine).
 * Messages: `{ prefix }` (re)starts it on that REDIS_PREFIX and answers `ready`; `stop` closes it and exits.
 */
import { createDb } from '@/lib/db';
import { createBullmqRunner, type BullmqRunner } from '@/lib/jobs/bullmq/bullmq-runner';
import type { JobWorkers } from '@/lib/jobs/bullmq/job-workers';
import { fixtureJobKind } from './fair-kind';

const send = (message: unknown) => process.send?.(message);

async function main() {
  const db = await createDb({ sqlitePath: process.env.FAIR_DB_PATH! });
  let current: { runner: BullmqRunner; workers: JobWorkers } | undefined;
  const close = async () => {
    await current?.workers.close();
    await current?.runner.close();
    current = undefined;
  };
  process.on('message', async (message: 'stop' | { prefix: string }) => {
    await close();
    if (message === 'stop') {
      await db.close();
      process.exit(0);
    }
    process.env.REDIS_PREFIX = message.prefix;
    const runner = createBullmqRunner({ redisUrl: process.env.REDIS_URL!, db: async () => db });
    runner.register(fixtureJobKind(Number(process.env.FAIR_CONCURRENCY), Number(process.env.FAIR_JOB_MS), (id, at, ms) => send({ id, at, ms })));
    current = { runner, workers: runner.work({ lockMs: 5000, stalledCheckMs: 5000, shutdownMs: 200 }) };
    send('ready');
  });
  send('up');
}

main().catch((error) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
