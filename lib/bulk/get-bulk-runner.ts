import 'server-only';
import { config } from '@/lib/config';
import { getDb } from '@/lib/db';
import { onBulkItemFinished } from '@/lib/history/bulk-hooks';
import { analysisTtlMs, analyzeMedia } from '@/lib/media/analyze';
import { onBatchFinished } from '@/lib/notifications/bulk-hook';
import { createBulkRunner, type BulkRunner } from './bulk-runner';
import { prepareBulkItem } from './deliver-item';

// On globalThis so Next dev reloads keep one runner (and the batches it is working on).
const holder = globalThis as typeof globalThis & { __grablineBulkRunner?: BulkRunner };

/** The process's bulk runner; batches live as long as analyses and prepared files do (the TTL). */
export function getBulkRunner(): BulkRunner {
  holder.__grablineBulkRunner ??= createBulkRunner({
    db: getDb,
    analyze: (url) => analyzeMedia(url),
    prepare: prepareBulkItem,
    concurrency: config().env.BULK_CONCURRENCY,
    ttlMs: analysisTtlMs,
    onItemFinished: onBulkItemFinished,
    onFinished: onBatchFinished,
  });
  return holder.__grablineBulkRunner;
}
