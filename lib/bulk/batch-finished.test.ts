import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { forgetJwtKey } from '@/lib/http/server-secret';
import { createEmbeddedRunner } from '@/lib/jobs/embedded-runner';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import type { ResolvedOffer } from '@/lib/media/deliver';
import type { MediaInfo } from '@/lib/media/types';
import { dbEngines } from '@/test/db-engines';
import type { BatchFinished } from './batch-finished';
import { bulkItemKind } from './bulk-item-kind';
import { createBulkRunner } from './bulk-runner';

const mediaOf = (url: string) => ({ info: { title: url, formats: [{ itag: 'mp4-720', ext: 'mp4', quality: '720p' }] } as unknown as MediaInfo }) as AnalyzedMedia;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await sleep(10);
  }
  throw new Error('condition never met');
}

/**
 * A batch ends for its owner (the bell, `batch.finished` webhooks) when its last item ends, however it ends:
 * completed, failed, or cancelled — one item, or the whole batch — and it is reported once.
 */
describe.each(dbEngines())('a batch whose last items are cancelled, on $name', ({ create }) => {
  let db: Db;
  beforeEach(async () => {
    vi.stubEnv('JWT_SECRET', 'a-test-secret-that-is-long-enough-for-hmac-keys');
    forgetJwtKey();
    db = await create();
  });
  afterEach(async () => {
    await db.close();
    vi.unstubAllEnvs();
    forgetJwtKey();
  });

  /** Items whose link contains "slow" run until cancelled or released; the rest complete at once. */
  const setup = (concurrency: number) => {
    const finished: BatchFinished[] = [];
    const onFinished = async (batch: BatchFinished) => void finished.push(batch);
    const release = new AbortController();
    const jobs = createEmbeddedRunner({ db: async () => db });
    jobs.register(bulkItemKind({
      analyze: async (url) => mediaOf(url),
      pick: (media) => ({ media, plan: { itag: 'i', ext: 'mp4' }, title: media.info.title, delivery: { embedMetadata: true } }) as unknown as ResolvedOffer,
      prepare: async (offer, _progress, signal) => {
        if (offer.title.includes('slow')) {
          await new Promise<void>((resolve, reject) => {
            release.signal.addEventListener('abort', () => resolve(), { once: true });
            signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          });
        }
        return { key: offer.title, size: 1, expiresAt: 0 };
      },
      concurrency,
      onFinished,
    }));
    const bulk = createBulkRunner(jobs, { ttlMs: () => 60_000, onFinished });
    const reader = { userId: 'user_1' };
    const start = async (urls: string[]) => (await bulk.start({ urls, quality: '720p', format: 'mp4' }, 'user_1')).batchId;
    const items = async (batchId: string) => (await bulk.get(batchId, reader))!.items;
    const processing = (batchId: string, n: number) => until(async () => (await items(batchId)).filter((i) => i.status === 'processing').length === n);
    return { finished, release, jobs, bulk, reader, start, items, processing };
  };

  it('cancelling the last running item reports the batch finished, once, with what was ready', async () => {
    const t = setup(2);
    const batchId = await t.start(['https://a.example/fast', 'https://a.example/slow']);
    await until(async () => (await t.items(batchId)).some((i) => i.status === 'completed'));
    await t.processing(batchId, 1);
    expect(t.finished).toEqual([]);
    const slow = (await t.items(batchId)).find((i) => i.status === 'processing')!;
    await t.bulk.cancelItem(batchId, slow.id, t.reader);
    expect(t.finished).toEqual([{ owner: 'user_1', batchId, ready: 1, total: 2 }]);
    await sleep(100);
    expect(t.finished).toHaveLength(1);
    await t.jobs.close();
  });

  it('cancelling a whole batch — one item running, two never started — reports it finished, once', async () => {
    const t = setup(1);
    const batchId = await t.start(['https://a.example/slow-1', 'https://a.example/slow-2', 'https://a.example/slow-3']);
    await t.processing(batchId, 1);
    await t.bulk.cancelBatch(batchId, t.reader);
    expect((await t.items(batchId)).map((i) => i.code)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(t.finished).toEqual([{ owner: 'user_1', batchId, ready: 0, total: 3 }]);
    await sleep(100);
    expect(t.finished).toHaveLength(1);
    await t.jobs.close();
  });

  it("the admin's cancel of a batch's last running item (a cancel of the job itself) reports the batch finished", async () => {
    const t = setup(2);
    const batchId = await t.start(['https://a.example/slow']);
    await t.processing(batchId, 1);
    const [item] = await t.items(batchId);
    expect(await t.jobs.cancel('bulk-item', item.id)).toBe(true);
    expect(t.finished).toEqual([]);
    await t.bulk.afterItemCancelled(item.id);
    await t.bulk.afterItemCancelled(item.id);
    expect(t.finished).toEqual([{ owner: 'user_1', batchId, ready: 0, total: 1 }]);
    await t.jobs.close();
  });

  it('a cancel that leaves items running reports nothing; the last item to end then reports, the cancelled one counted', async () => {
    const t = setup(2);
    const batchId = await t.start(['https://a.example/slow-a', 'https://a.example/slow-b']);
    await t.processing(batchId, 2);
    const [first] = await t.items(batchId);
    await t.bulk.cancelItem(batchId, first.id, t.reader);
    expect(t.finished).toEqual([]);
    t.release.abort();
    await until(() => t.finished.length > 0);
    expect(t.finished).toEqual([{ owner: 'user_1', batchId, ready: 1, total: 2 }]);
    await sleep(100);
    expect(t.finished).toHaveLength(1);
    await t.jobs.close();
  });
});
