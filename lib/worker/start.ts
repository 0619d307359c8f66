import 'server-only';
import { config } from '@/lib/config';
import { engineEvents } from '@/lib/events';
import { createBullmqRunner } from '@/lib/jobs/bullmq/bullmq-runner';
import { getDb } from '@/lib/db';
import { recordEngineEvents } from '@/lib/metrics/record';
import { registerSharedState } from '@/lib/scale-out';
import { buildEngine, registerJobKinds, wireEvents } from '@/lib/server';

/**
 * The worker process (`npm run worker`): the composition root of a process that only runs jobs. It registers the
 * same kinds with the same subscribers as a web node (history, notifications, figures), then takes jobs of
 * every kind from the BullMQ queues on REDIS_URL. SIGTERM or SIGINT: no new job is taken, running ones get
 * WORKER_SHUTDOWN_MS to finish, and what still runs then is retried by another worker once its lock lapses.
 */
export async function startWorker(): Promise<void> {
  const { env } = config();
  if (!env.REDIS_URL) throw new Error('REDIS_URL is not set: without Redis, jobs run inside the web process and no worker is needed');
  // The analyses every node shares, so a download on a web node finds what a worker analysed.
  registerSharedState();
  const engine = buildEngine();
  const runner = registerJobKinds(createBullmqRunner({ redisUrl: env.REDIS_URL, db: getDb }), wireEvents({ db: getDb, preparations: engine.preparations }), engine);
  recordEngineEvents(engineEvents());
  // The analyses run here, not on the web nodes: the yt-dlp workers import their engine now, not on the first job.
  engine.pool.warm();
  const workers = runner.work({ lockMs: env.JOB_LOCK_MS, stalledCheckMs: env.JOB_STALLED_CHECK_MS, shutdownMs: env.WORKER_SHUTDOWN_MS });
  console.log(`[worker] taking jobs from ${new URL(env.REDIS_URL).host} (pid ${process.pid})`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[worker] ${signal}: finishing running jobs (at most ${env.WORKER_SHUTDOWN_MS} ms)`);
    const { finished } = await workers.close();
    console.log(finished ? '[worker] every running job finished' : '[worker] jobs still running are left to another worker');
    await runner.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
