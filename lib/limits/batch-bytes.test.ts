import { afterEach, describe, expect, it, vi } from 'vitest';
import { bulkItemKind } from '@/lib/bulk/bulk-item-kind';
import { createBulkRunner } from '@/lib/bulk/bulk-runner';
import type { Db } from '@/lib/db';
import { createEmbeddedRunner } from '@/lib/jobs/embedded-runner';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import type { ResolvedOffer } from '@/lib/media/deliver';
import { dbEngines } from '@/test/db-engines';
import { countOwnerBytes, ownerBytesToday } from './bytes';
import { assertOwnerBytesLeft } from './owner';

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition never met');
}

describe.each(dbEngines())('daily bytes of a batch on $name', ({ create }) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
    vi.unstubAllEnvs();
  });

  it("counts each prepared item's bytes against its owner and fails the items queued past the limit with daily_bytes_exceeded", async () => {
    vi.stubEnv('USER_DAILY_BYTES', '1500');
    db = await create();
    const store = db;
    const jobs = createEmbeddedRunner({ db: async () => store });
    jobs.register(bulkItemKind({
      analyze: async () => ({ info: { title: 'Clip', formats: [] } }) as unknown as AnalyzedMedia,
      pick: (media) => ({ media, plan: { itag: 'i', ext: 'mp4' }, title: 'Clip', delivery: { embedMetadata: true } }) as unknown as ResolvedOffer,
      prepare: async () => ({ key: 'k', size: 1000, expiresAt: 0 }),
      concurrency: 1,
      admit: (owner) => assertOwnerBytesLeft(store, owner),
      onPrepared: ({ owner, bytes }) => countOwnerBytes(store, owner, bytes),
    }));
    const bulk = createBulkRunner(jobs, { ttlMs: () => 60_000 });
    const urls = ['https://a.example/1', 'https://a.example/2', 'https://a.example/3'];
    const { batchId } = await bulk.start({ urls, quality: '720p', format: 'mp4' }, 'u1', { key: 'user:u1', concurrentJobs: 2 });
    await until(async () => Boolean((await bulk.get(batchId, { userId: 'u1' }))?.done));
    const { items } = (await bulk.get(batchId, { userId: 'u1' }))!;
    expect(items.map((item) => [item.status, item.code])).toEqual([
      ['completed', undefined], ['completed', undefined], ['failed', 'daily_bytes_exceeded'],
    ]);
    expect((await ownerBytesToday(store, 'user:u1')).used).toBe(2000);
    expect((await ownerBytesToday(store, 'user:u2')).used).toBe(0);
  });
});
