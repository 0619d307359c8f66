import { afterEach, describe, expect, it } from 'vitest';
import { dbEngines } from '@/test/db-engines';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import type { MediaInfo } from '@/lib/media/types';
import type { AnalyzeOptions } from '@/lib/media/analyze';
import { createEmbeddedRunner } from '@/lib/jobs/embedded-runner';
import { analysisKind, createAnalyses, type JobSnapshot } from './analyses';

const info = { id: 'm1', title: 'Clip', formats: [] } as unknown as MediaInfo;
const media = { info } as AnalyzedMedia;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition never met');
}

describe.each(dbEngines())('analyses on the embedded runner, on $name', ({ create }) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  interface QueueOptions {
    analyze: (url: string, options: AnalyzeOptions) => Promise<AnalyzedMedia>;
    concurrency: number;
    ttlMs: () => number;
    now: () => number;
  }
  const queueOn = async (over: Partial<QueueOptions> = {}) => {
    db ??= await create();
    const store = db;
    const options = { analyze: async () => media, ttlMs: () => 60_000, now: Date.now, ...over };
    const runner = createEmbeddedRunner({ db: async () => store, now: options.now });
    runner.register(analysisKind({ analyze: options.analyze, concurrency: options.concurrency }));
    return createAnalyses(runner, { ttlMs: options.ttlMs, now: options.now });
  };

  it('goes queued → analyzing → ready, and get() reads the result back from the store', async () => {
    const queue = await queueOn();
    const seen: JobSnapshot[] = [];
    const id = await queue.enqueueAnalysis('https://example.com/clip.mp4');
    queue.subscribe(id, (s) => seen.push(s));
    await until(() => seen.at(-1)?.status === 'ready');
    expect(seen.map((s) => s.status)).toEqual(['queued', 'analyzing', 'ready']);
    expect(await queue.get(id)).toEqual({ status: 'ready', progress: 100, message: 'Analysis complete', metadata: info });
  });

  it('refuses an invalid link before making a job', async () => {
    const queue = await queueOn();
    await expect(queue.enqueueAnalysis('not a url')).rejects.toMatchObject({ code: 'invalid_url' });
    expect(await db!.query('SELECT id FROM jobs')).toEqual([]);
  });

  it('keeps the error\'s own message, and says "Analysis failed" for an unknown failure', async () => {
    const queue = await queueOn({
      analyze: async (url) => {
        if (url.includes('known')) throw new AppError('no_media', 'No downloadable media found at this link');
        throw new Error('ECONNRESET at 10.0.0.3');
      },
    });
    const known = await queue.enqueueAnalysis('https://example.com/known');
    const unknown = await queue.enqueueAnalysis('https://example.com/other');
    await until(async () => (await queue.get(unknown))?.status === 'error' && (await queue.get(known))?.status === 'error');
    expect(await queue.get(known)).toMatchObject({ message: 'No downloadable media found at this link', code: 'no_media' });
    expect(await queue.get(unknown)).toMatchObject({ message: 'Analysis failed', code: 'internal' });
  });

  it('keeps what a visitor can act on (when to retry, since when, which platform) and nothing else', async () => {
    const retryAt = new Date(Date.now() + 60_000).toISOString();
    const queue = await queueOn({
      analyze: async () => {
        throw new AppError('platform_paused', 'Paused', { retryAfter: 60, retryAt, platform: 'tiktok', cause: 'bot_check' });
      },
    });
    const id = await queue.enqueueAnalysis('https://example.com/paused');
    await until(async () => (await queue.get(id))?.status === 'error');
    expect((await queue.get(id))?.details).toEqual({ retryAfter: 60, retryAt, platform: 'tiktok' });
  });

  it('runs at most `concurrency` analyses at once; the rest wait queued', async () => {
    const gates = [deferred<AnalyzedMedia>(), deferred<AnalyzedMedia>(), deferred<AnalyzedMedia>()];
    let running = 0;
    const queue = await queueOn({ concurrency: 2, analyze: () => (running++, gates[running - 1].promise) });
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(await queue.enqueueAnalysis(`https://example.com/${n}`));
    await until(async () => (await queue.get(ids[1]))?.status === 'analyzing');
    expect(running).toBe(2);
    expect((await queue.get(ids[2]))?.status).toBe('queued');
    gates[0].resolve(media);
    await until(() => running === 3);
    gates[1].resolve(media);
    gates[2].resolve(media);
    await until(async () => (await queue.get(ids[2]))?.status === 'ready');
  });

  it('marks what an earlier process left queued or analysing as interrupted', async () => {
    db = await create();
    const old = Date.now() - 10_000;
    for (const [id, status] of [['job_a', 'queued'], ['job_b', 'analyzing'], ['job_c', 'ready']]) {
      await db.run(
        `INSERT INTO jobs (id, type, status, progress, created_at, updated_at, expires_at) VALUES (?, 'analysis', ?, 0, ?, ?, ?)`,
        [id, status, old, old, Date.now() + 60_000],
      );
    }
    const queue = await queueOn();
    expect(await queue.get('job_a')).toMatchObject({ status: 'error', message: 'Interrupted by a server restart' });
    expect(await queue.get('job_b')).toMatchObject({ status: 'error', message: 'Interrupted by a server restart' });
    expect((await queue.get('job_c'))?.status).toBe('ready');
  });

  it('forgets a job after its TTL', async () => {
    let clock = Date.now();
    const queue = await queueOn({ now: () => clock, ttlMs: () => 1000 });
    const id = await queue.enqueueAnalysis('https://example.com/ttl');
    await until(async () => (await queue.get(id))?.status === 'ready');
    clock += 1001;
    expect(await queue.get(id)).toBeUndefined();
  });

  it('stops telling a listener once it unsubscribes', async () => {
    const gate = deferred<AnalyzedMedia>();
    const queue = await queueOn({ analyze: () => gate.promise });
    const id = await queue.enqueueAnalysis('https://example.com/unsub');
    const seen: string[] = [];
    const unsubscribe = queue.subscribe(id, (s) => seen.push(s.status));
    await until(() => seen.includes('analyzing'));
    unsubscribe();
    gate.resolve(media);
    await until(async () => (await queue.get(id))?.status === 'ready');
    expect(seen).toEqual(['queued', 'analyzing']);
  });
});
