import { afterEach, describe, expect, it } from 'vitest';

import type { Db } from '@/lib/db';
import { analysisKind, createAnalyses } from '@/lib/downloads/analyses';
import { bulkItemKind } from '@/lib/bulk/bulk-item-kind';
import { createBulkRunner } from '@/lib/bulk/bulk-runner';
import { createDownloadJobs } from '@/lib/downloads/download-jobs';
import { downloadKind } from '@/lib/downloads/download-kind';
import { createEmbeddedRunner } from '@/lib/jobs/embedded-runner';
import type { JobSnapshot } from '@/lib/downloads/analyses';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import type { ResolvedOffer } from '@/lib/media/deliver';
import type { MediaInfo } from '@/lib/media/types';
import { createSqliteTestDb } from '@/test/db-engines';

const media = { info: { id: 'm1', title: 'Clip', formats: [] } as unknown as MediaInfo, plans: new Map() } as unknown as AnalyzedMedia;

/**
 * The web page's analysis job names the signed-in user it is made for, so the composition root can add that user's
 * own cookies on whichever process runs the job — and names nobody for anyone else.
 */
describe('an analysis job carries the user it is made for', () => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('hands the user to the analysis on the runner, and null for a visitor', async () => {
    const store = (db = await createSqliteTestDb());
    const asked: (string | null)[] = [];
    const runner = createEmbeddedRunner({ db: async () => store });
    runner.register(analysisKind({ analyze: async (_url, _options, user) => (asked.push(user), media) }));
    const analyses = createAnalyses(runner, { ttlMs: () => 60_000 });
    const done = (id: string) => new Promise<void>((resolve) => {
      analyses.subscribe(id, (state: JobSnapshot) => state.status === 'ready' && resolve());
    });
    await done(await analyses.enqueueAnalysis('https://www.youtube.com/watch?v=aaaaaaaaaa1', { requester: { accountId: 'usr_alice' } }));
    await done(await analyses.enqueueAnalysis('https://www.youtube.com/watch?v=aaaaaaaaaa1'));
    expect(asked).toEqual(['usr_alice', null]);
    const rows = await store.query<{ payload: string }>('SELECT payload FROM jobs ORDER BY created_at');
    expect(rows.map((row) => JSON.parse(row.payload).user ?? null)).toEqual(['usr_alice', null]);
    await runner.close();
  });

  it('hands a download job\'s owner to its analysis, and null for an anonymous download', async () => {
    const store = (db = await createSqliteTestDb());
    const asked: (string | null)[] = [];
    const runner = createEmbeddedRunner({ db: async () => store });
    runner.register(downloadKind({
      analyze: async (_url, owner) => (asked.push(owner), media),
      prepare: async () => {
        throw new Error('not reached: the fixture media offers nothing');
      },
      ttlMs: () => 60_000,
    }));
    const downloads = createDownloadJobs(runner, { ttlMs: () => 60_000 });
    const request = { url: 'https://www.youtube.com/watch?v=aaaaaaaaaa1', quality: '720p', format: 'mp4' as const };
    const ended = (id: string) => new Promise<void>((resolve) => {
      runner.subscribe(id, (state) => (state as { status: string }).status === 'failed' && resolve());
    });
    await ended(await downloads.start(request, { accountId: 'usr_bob' }));
    await ended(await downloads.start(request));
    expect(asked).toEqual(['usr_bob', null]);
    await runner.close();
  });

  it('hands a bulk batch\'s owner to each item\'s analysis (its preparation prepares that analysis\'s offer)', async () => {
    const store = (db = await createSqliteTestDb());
    const seen: string[] = [];
    const jobs = createEmbeddedRunner({ db: async () => store });
    jobs.register(bulkItemKind({
      analyze: async (url, owner) => (seen.push(`analyse ${url} for ${owner}`), media),
      pick: (analysed) => ({ media: analysed, plan: { itag: 'i', ext: 'mp4' }, title: 'Clip', delivery: { embedMetadata: true } }) as unknown as ResolvedOffer,
      prepare: async () => ({ key: 'k', size: 1, expiresAt: 0 }),
      concurrency: 1,
    }));
    const bulk = createBulkRunner(jobs, { ttlMs: () => 60_000 });
    const urls = ['https://www.tiktok.com/@a/video/7300000000000000001', 'https://www.tiktok.com/@a/video/7300000000000000002'];
    const { batchId } = await bulk.start({ urls, quality: '720p', format: 'mp4' }, 'usr_carol');
    for (let i = 0; i < 300 && !(await bulk.get(batchId, { userId: 'usr_carol' }))?.done; i++) await new Promise((r) => setTimeout(r, 10));
    expect(seen.sort()).toEqual(urls.map((url) => `analyse ${url} for usr_carol`).sort());
    await jobs.close();
  });
});
