import 'server-only';
import { config } from '@/lib/config';
import { getDb } from '@/lib/db';
import { analysisTtlMs, analyzeMedia } from '@/lib/media/analyze';
import { createInProcessQueue } from './in-process-queue';
import type { JobQueue } from './types';

// On globalThis so Next dev reloads keep one queue (and its running jobs) instead of starting another.
const holder = globalThis as typeof globalThis & { __grablineJobQueue?: JobQueue };

/** The process's queue: in-process by default (a BullMQ queue on REDIS_URL will slot in here). */
export function getJobQueue(): JobQueue {
  holder.__grablineJobQueue ??= createInProcessQueue({
    db: getDb,
    analyze: analyzeMedia,
    concurrency: config().env.ANALYZE_CONCURRENCY,
    ttlMs: analysisTtlMs,
  });
  return holder.__grablineJobQueue;
}
