import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetJwtKey } from '@/lib/http/server-secret';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import type { ResolvedOffer } from '@/lib/media/deliver';
import type { MediaInfo } from '@/lib/media/types';
import { dbEngines } from '@/test/db-engines';
import type { BatchReader } from './batch-access';
import { createEmbeddedRunner } from '@/lib/jobs/embedded-runner';
import { bulkItemKind, type BulkItemKindDeps, type BulkItemOutcome } from './bulk-item-kind';
import { createBulkRunner } from './bulk-runner';
import type { BulkRequest } from './schemas';

const mediaOf = (info: Partial<MediaInfo>) => ({ info: { title: 'Clip', formats: [{ itag: 'mp4-720', ext: 'mp4', quality: '720p' }], ...info } }) as AnalyzedMedia;
const offerOf = (media: AnalyzedMedia) => ({ media, plan: { itag: 'i', ext: 'mp4' }, title: media.info.title, delivery: { embedMetadata: true } }) as unknown as ResolvedOffer;

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition never met');
}

describe.each(dbEngines())('bulk runner on $name', ({ create }) => {
  let db: Db | undefined;
  beforeEach(() => {
    vi.stubEnv('JWT_SECRET', 'a-test-secret-that-is-long-enough-for-hmac-keys');
    forgetJwtKey();
  });
  afterEach(async () => {
    await db?.close();
    db = undefined;
    vi.unstubAllEnvs();
    forgetJwtKey();
  });

  /** The owner of each started batch, as the routes would present them: the user, or the key in statusUrl. */
  const readers = new Map<string, BatchReader>();

  const runnerWith = async (over: Partial<BulkItemKindDeps & { ttlMs: () => number }>) => {
    db ??= await create();
    const store = db;
    const { ttlMs = () => 60_000, ...deps } = over;
    const jobs = createEmbeddedRunner({ db: async () => store, now: deps.now });
    jobs.register(bulkItemKind({
      analyze: async () => mediaOf({}),
      pick: offerOf,
      prepare: async () => ({ key: 'k', size: 1, expiresAt: 0 }),
      concurrency: 2,
      ...deps,
    }));
    const runner = createBulkRunner(jobs, { ttlMs, now: deps.now });
    return {
      raw: runner,
      async start(request: BulkRequest, owner: string | null = null) {
        const started = await runner.start(request, owner);
        const key = new URL(started.statusUrl, 'http://x').searchParams.get('key') ?? undefined;
        readers.set(started.batchId, { userId: owner, key });
        return started.batchId;
      },
      get: (id: string) => runner.get(id, readers.get(id)!),
    };
  };

  it('answers a batch to its owner only: the signed-in user, or whoever holds an anonymous batch’s key', async () => {
    const runner = await runnerWith({});
    const request: BulkRequest = { urls: ['https://a.example/1'], quality: '720p', format: 'mp4' };
    const mine = await runner.raw.start(request, 'user_1');
    expect(mine.statusUrl).toBe(`/api/bulk/${mine.batchId}`);
    expect(await runner.raw.get(mine.batchId, { userId: 'user_1' })).toMatchObject({ batchId: mine.batchId });
    expect(await runner.raw.get(mine.batchId, { userId: 'user_2' })).toBeUndefined();
    expect(await runner.raw.get(mine.batchId, { userId: null })).toBeUndefined();
    expect(await runner.raw.getStored(mine.batchId, { userId: 'user_2' })).toBeUndefined();

    const anon = await runner.raw.start(request, null);
    const key = new URL(anon.statusUrl, 'http://x').searchParams.get('key')!;
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(key).not.toContain(anon.batchId);
    expect(anon.zipUrl).toBe(`/api/bulk/${anon.batchId}/zip?key=${key}`);
    expect(await runner.raw.get(anon.batchId, { userId: null, key })).toMatchObject({ batchId: anon.batchId, statusUrl: anon.statusUrl });
    expect(await runner.raw.getStored(anon.batchId, { userId: null, key })).toMatchObject({ id: anon.batchId });
    for (const reader of [{ userId: null }, { userId: 'user_1' }, { userId: null, key: anon.batchId }, { userId: null, key: key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A') }]) {
      expect(await runner.raw.get(anon.batchId, reader)).toBeUndefined();
      expect(await runner.raw.getStored(anon.batchId, reader)).toBeUndefined();
    }
    // Another batch's key opens only that batch.
    expect(await runner.raw.get(mine.batchId, { userId: null, key })).toBeUndefined();
  });

  it('prepares at most `concurrency` items of a batch at once, and reports real progress', async () => {
    let running = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const runner = await runnerWith({
      prepare: async (_offer, onProgress) => {
        peak = Math.max(peak, ++running);
        onProgress(0.42);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        return { key: 'k', size: 1, expiresAt: 0 };
      },
    });
    const id = await runner.start({ urls: ['https://a.example/1', 'https://a.example/2', 'https://a.example/3'], quality: '720p', format: 'mp4' });
    await until(async () => gates.length === 2);
    const midway = await runner.get(id);
    expect(midway!.items.map((i) => i.status)).toEqual(['processing', 'processing', 'pending']);
    expect(midway!.items[0]).toMatchObject({ progress: 42, message: 'Processing...' });
    while (gates.length) gates.shift()!();
    await until(async () => gates.length === 1);
    gates.shift()!();
    await until(async () => (await runner.get(id))!.done);
    expect(peak).toBe(2);
  });

  it('keeps each failure to its own item, and hides unknown errors behind "Download failed"', async () => {
    const runner = await runnerWith({
      analyze: async (url) => {
        if (url.includes('bad')) throw new AppError('unsupported_url', 'This link is not supported');
        if (url.includes('boom')) throw new Error('ECONNRESET 10.0.0.1');
        return mediaOf({});
      },
    });
    const id = await runner.start({ urls: ['https://x.example/bad', 'https://x.example/ok', 'https://x.example/boom'], quality: '720p', format: 'mp4' });
    await until(async () => (await runner.get(id))!.done);
    const { items } = (await runner.get(id))!;
    expect(items.map((i) => [i.status, i.message])).toEqual([
      ['failed', 'This link is not supported'],
      ['completed', 'Ready for download'],
      ['failed', 'Download failed'],
    ]);
  });

  it('tells a signed-in owner’s history how each item ended, once, and before the batch reads as done', async () => {
    const outcomes: BulkItemOutcome[] = [];
    let doneBeforeAll = false;
    const runner = await runnerWith({
      analyze: async (url) => {
        if (url.includes('bad')) throw new AppError('no_media', 'No downloadable media found at this link');
        return mediaOf({ title: url });
      },
      prepare: async (offer) => {
        if (offer.title.includes('broken')) throw new AppError('upstream_failed', 'The site did not answer');
        return { key: 'k', size: 42, expiresAt: 0 };
      },
      onItemFinished: async (outcome) => {
        outcomes.push(outcome);
      },
    });
    const urls = ['https://x.example/ok', 'https://x.example/bad', 'https://x.example/broken'];
    const id = await runner.start({ urls, quality: '720p', format: 'mp4' }, 'user_1');
    await until(async () => {
      const done = (await runner.get(id))!.done;
      doneBeforeAll ||= done && outcomes.length < 3;
      return done;
    });
    expect(doneBeforeAll).toBe(false);
    expect(outcomes).toHaveLength(3);
    const byMedia = Object.fromEntries(outcomes.map((o) => [o.media?.info.title ?? 'never analysed', o]));
    expect(byMedia['https://x.example/ok']).toMatchObject({ owner: 'user_1', status: 'ready', choice: { quality: '720p', format: 'mp4' }, file: { size: 42 } });
    expect(byMedia['https://x.example/broken']).toMatchObject({ owner: 'user_1', status: 'failed' });
    expect(byMedia['https://x.example/broken'].file).toBeUndefined();
    expect(byMedia['never analysed']).toMatchObject({ owner: 'user_1', status: 'failed' });

    const anonymous = await runner.start({ urls: ['https://x.example/ok2'], quality: '720p', format: 'mp4' });
    await until(async () => (await runner.get(anonymous))!.done);
    expect(outcomes).toHaveLength(3);
  });

  it('reports every item that ended to the site figures, anonymous ones too, with its outcome and duration', async () => {
    const ended: { ok: boolean; durationMs: number }[] = [];
    const runner = await runnerWith({
      analyze: async (url) => {
        if (url.includes('bad')) throw new AppError('no_media', 'No downloadable media found at this link');
        return mediaOf({ title: url });
      },
      onEnded: async (outcome) => {
        ended.push(outcome);
      },
    });
    const id = await runner.start({ urls: ['https://x.example/ok', 'https://x.example/bad'], quality: '720p', format: 'mp4' });
    await until(async () => (await runner.get(id))!.done);
    expect(ended.map((e) => e.ok).sort()).toEqual([false, true]);
    expect(ended.every((e) => e.durationMs >= 0)).toBe(true);
  });

  it('a failing history hook changes no item’s outcome', async () => {
    const runner = await runnerWith({ onItemFinished: async () => Promise.reject(new Error('history down')) });
    const id = await runner.start({ urls: ['https://a.example/1'], quality: '720p', format: 'mp4' }, 'user_1');
    await until(async () => (await runner.get(id))!.done);
    expect((await runner.get(id))!.items[0]).toMatchObject({ status: 'completed', message: 'Ready for download' });
  });

  it('expands a playlist in place and caps the batch at 50 items', async () => {
    const entries = Array.from({ length: 80 }, (_, i) => ({ url: `https://v.example/${i}` }));
    const runner = await runnerWith({
      analyze: async (url) => (url.includes('list') ? mediaOf({ kind: 'playlist', formats: [], entries }) : mediaOf({})),
    });
    const id = await runner.start({ urls: ['https://v.example/first', 'https://v.example/list', 'https://v.example/last'], quality: '720p', format: 'mp4' });
    await until(async () => (await runner.get(id))!.done);
    const batch = (await runner.get(id))!;
    expect(batch.total).toBe(50);
    expect(batch.items[0].url).toBe('https://v.example/first');
    expect(batch.items[1].url).toBe('https://v.example/0');
    expect(batch.items.at(-1)!.url).toBe('https://v.example/last');
  });

  it('forgets a batch after its TTL', async () => {
    let clock = Date.now();
    const runner = await runnerWith({ now: () => clock, ttlMs: () => 1000 });
    const id = await runner.start({ urls: ['https://a.example/1'], quality: '720p', format: 'mp4' });
    await until(async () => (await runner.get(id))!.done);
    clock += 1001;
    expect(await runner.get(id)).toBeUndefined();
  });
});
