import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as startBulk } from '@/app/api/bulk/route';
import { DELETE as cancelBatch, GET as getBatch } from '@/app/api/bulk/[batchId]/route';
import { POST as retryBatch } from '@/app/api/bulk/[batchId]/retry/route';
import { DELETE as cancelItem } from '@/app/api/bulk/[batchId]/items/[itemId]/route';
import { POST as retryItem } from '@/app/api/bulk/[batchId]/items/[itemId]/retry/route';
import { POST as startDownload } from '@/app/api/media/download/route';
import { DELETE as cancelDownload, GET as progressGet } from '@/app/api/media/progress/[id]/route';
import { POST as retryDownload } from '@/app/api/media/progress/[id]/retry/route';
import { GET as openapi } from '@/app/api/openapi.json/route';
import { readBatch } from '@/lib/bulk/batch-store';
import { bulkItemKind } from '@/lib/bulk/bulk-item-kind';
import type { BulkBatch, BulkStarted } from '@/lib/bulk/schemas';
import { getDb } from '@/lib/db';
import { downloadKind } from '@/lib/downloads/download-kind';
import { createEmbeddedRunner } from '@/lib/jobs/embedded-runner';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import { startDownloadEnv } from './download.testkit';

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  // One item at a time per batch: a cancelled item's slot is what lets the next one start.
  env = await startDownloadEnv({ BULK_CONCURRENCY: '1', MAX_DOWNLOADS_PER_IP: '100' });
});
afterAll(async () => {
  await getYtdlpPool().close();
  await env?.close();
});

const SLOW_DOWNLOAD = () => `${env.site.origin}/_sw/throttle=50000/video.mp4?queue=download-restart`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const at = (p: string) => `${env.site.origin}${p}`;
type Json<T> = { status: number; body: { success: boolean; data: T; code?: string } };

async function call<T>(handler: (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>,
  method: string, url: string, params: Record<string, string>, body?: unknown): Promise<Json<T>> {
  const req = new NextRequest(new URL(url, 'http://localhost'), {
    method, ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, body: await res.json() };
}

/** `/api/bulk/{id}?key=…` → the same batch's `/api/bulk/{id}{suffix}?key=…`. */
const under = (started: BulkStarted, suffix: string) => {
  const url = new URL(started.statusUrl, 'http://localhost');
  return `${url.pathname}${suffix}${url.search}`;
};

async function start(urls: string[], format = 'mp4'): Promise<BulkStarted> {
  const res = await call<BulkStarted>(startBulk, 'POST', '/api/bulk', {}, { urls, quality: '720p', format });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const read = async (started: BulkStarted) => (await call<BulkBatch>(getBatch, 'GET', started.statusUrl, { batchId: started.batchId })).body.data;

async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 60_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) {
    const value = await probe();
    if (value) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** This process's ffmpeg children, read from the process table (pid → command line). */
function ffmpegChildren(): string[] {
  let out = '';
  try {
    out = execFileSync('ps', ['--ppid', String(process.pid), '-o', 'pid=,args='], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when there is no child at all
  }
  return out.split('\n').filter((line) => /\bffmpeg\b/.test(line));
}

/** The work dirs in TEMP_DIR (the finished-file store `.ready` aside). */
/** The keys of the finished files in the file store (`<TEMP_DIR>/.ready/<hash>.json` says each one's key). */
function readyKeys(): string[] {
  const store = path.join(env.tempDir, '.ready');
  if (!existsSync(store)) return [];
  return readdirSync(store).filter((name) => name.endsWith('.json'))
    .map((name) => (JSON.parse(readFileSync(path.join(store, name), 'utf8')) as { key: string }).key);
}

const workDirs = () => (existsSync(env.tempDir) ? readdirSync(env.tempDir).filter((name) => !name.startsWith('.')) : []);

describe('a queue the owner controls', () => {
  it('cancelling a running item kills its converter, removes its work dir, frees its slot; a second cancel is 409', async () => {
    // WebM from an H.264 source: the converter encodes for seconds, long enough to be caught at work.
    const started = await start([at('/video.mp4?queue=slow'), at('/audio.mp3?queue=next')], 'webm');
    const running = await until('an ffmpeg child', () => ffmpegChildren().length > 0 && ffmpegChildren());
    const dirs = workDirs();
    expect(dirs.length).toBeGreaterThan(0);
    const batch = await read(started);
    const [first, second] = batch.items;
    expect(first.status).toBe('processing');
    expect(second.status).toBe('pending');

    const cancelled = await call<BulkBatch>(cancelItem, 'DELETE', under(started, `/items/${first.id}`), { batchId: started.batchId, itemId: first.id });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.items[0]).toMatchObject({ id: first.id, status: 'failed', code: 'cancelled' });

    // The converter is gone at once (killed, not left to finish), and so is the item's work dir.
    await until('the converter gone', () => ffmpegChildren().length === 0, 1_000);
    const pids = running.map((line) => line.trim().split(/\s+/)[0]);
    for (const pid of pids) expect(existsSync(path.join('/proc', pid))).toBe(false);
    await until('the work dir removed', () => dirs.every((dir) => !existsSync(path.join(env.tempDir, dir))), 5_000);

    // The slot is free: the queued item runs and completes.
    const done = await until('the next item', async () => {
      const now = await read(started);
      return now.done && now;
    });
    expect(done.items.map((item) => [item.status, item.code])).toEqual([['failed', 'cancelled'], ['completed', undefined]]);
    expect(workDirs()).toEqual([]);
    // The stopped work never finished: only the next item's MP3 reached the file store, no WebM.
    const keys = readyKeys();
    expect(keys.length).toBe(1);
    expect(keys.some((key) => key.includes('webm'))).toBe(false);
    const again = await call(cancelItem, 'DELETE', under(started, `/items/${first.id}`), { batchId: started.batchId, itemId: first.id });
    expect(again).toMatchObject({ status: 409, body: { code: 'conflict' } });
  });

  it('cancelling one of two waiters on a shared preparation leaves the work running for the other', async () => {
    // Two batches, the same link and choice: one preparation, fetched slowly (3 MB at 600 kB/s).
    const link = at('/_sw/throttle=600000/video.mp4?queue=shared');
    const mine = await start([link]);
    const theirs = await start([link]);
    // Both waiting on the bytes (progress comes from the preparation alone), not still analysing.
    await until('both preparing', async () => (await read(mine)).items[0].progress > 0 && (await read(theirs)).items[0].progress > 0);
    const item = (await read(mine)).items[0];
    const res = await call<BulkBatch>(cancelItem, 'DELETE', under(mine, `/items/${item.id}`), { batchId: mine.batchId, itemId: item.id });
    expect(res.body.data.items[0]).toMatchObject({ status: 'failed', code: 'cancelled' });
    const other = await until('the other batch', async () => {
      const batch = await read(theirs);
      return batch.done && batch;
    });
    expect(other.items[0]).toMatchObject({ status: 'completed' });
    expect((await read(mine)).items[0]).toMatchObject({ status: 'failed', code: 'cancelled' });
  });

  it('a cancelled batch stays cancelled after a restart: a new runner over the same store never revives it', async () => {
    const started = await start([at('/_sw/throttle=50000/video.mp4?queue=restart'), at('/audio.mp3?queue=restart')]);
    await until('processing', async () => (await read(started)).items[0].status === 'processing');
    const res = await call<BulkBatch>(cancelBatch, 'DELETE', under(started, ''), { batchId: started.batchId });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((item) => [item.status, item.code])).toEqual([['failed', 'cancelled'], ['failed', 'cancelled']]);
    expect(res.body.data.done).toBe(true);

    const never = () => Promise.reject(new Error('a recovered runner must not run a cancelled item'));
    const restarted = createEmbeddedRunner({ db: getDb });
    restarted.register(bulkItemKind({ analyze: never, prepare: never, concurrency: 1 }));
    const batch = await readBatch(await restarted.store(), started.batchId, Date.now());
    expect(batch?.items.map((item) => [item.status, item.code])).toEqual([['failed', 'cancelled'], ['failed', 'cancelled']]);
    for (const item of batch!.items) expect(await restarted.get('bulk-item', item.id)).toMatchObject({ status: 'failed', code: 'cancelled' });
    await restarted.close();
    await until('the fetch stopped', () => env.site.stats.open === 0, 5_000);
  });

  it('a cancelled download stays cancelled after a restart', async () => {
    const first = await call<{ downloadId: string }>(startDownload, 'POST', '/api/media/download', {}, { url: SLOW_DOWNLOAD(), quality: '720p', format: 'mp4' });
    const id = first.body.data.downloadId;
    await until('processing', async () => (await call<{ status: string }>(progressGet, 'GET', `/api/media/progress/${id}`, { id })).body.data.status === 'processing');
    expect((await call(cancelDownload, 'DELETE', `/api/media/progress/${id}`, { id })).status).toBe(200);
    const never = () => Promise.reject(new Error('a recovered runner must not run a cancelled download'));
    const restarted = createEmbeddedRunner({ db: getDb });
    restarted.register(downloadKind({ analyze: never, prepare: never, ttlMs: () => 60_000 }));
    expect(await restarted.get('download', id)).toMatchObject({ status: 'failed', code: 'cancelled' });
    await restarted.close();
  });

  it('retries a failed item, and all failed items, once the origin works again', async () => {
    env.site.setSwitches({ status: 503 });
    const started = await start([at('/video.mp4?queue=retry'), at('/audio.mp3?queue=retry')]);
    const failed = await until('both failed', async () => {
      const batch = await read(started);
      return batch.done && batch;
    });
    expect(failed.items.map((item) => item.status)).toEqual(['failed', 'failed']);
    env.site.resetSwitches();

    const [first, second] = failed.items;
    const one = await call<BulkBatch>(retryItem, 'POST', under(started, `/items/${first.id}/retry`), { batchId: started.batchId, itemId: first.id });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data.items[0]).toMatchObject({ url: first.url });
    expect(one.body.data.items[0].id).not.toBe(first.id);
    expect(one.body.data.items[1]).toMatchObject({ id: second.id, status: 'failed' });
    const all = await call<BulkBatch>(retryBatch, 'POST', under(started, '/retry'), { batchId: started.batchId });
    expect(all.status).toBe(200);
    const done = await until('the retries', async () => {
      const batch = await read(started);
      return batch.done && batch;
    });
    expect(done.items.map((item) => [item.url, item.status])).toEqual([[first.url, 'completed'], [second.url, 'completed']]);
    expect(await call(retryBatch, 'POST', under(started, '/retry'), { batchId: started.batchId })).toMatchObject({ status: 409, body: { code: 'conflict' } });
  });

  it('answers 404 to anyone without the batch key, and for an item not in the batch', async () => {
    const started = await start([at('/audio.mp3?queue=owner')]);
    const { batchId } = started;
    expect((await call(cancelBatch, 'DELETE', `/api/bulk/${batchId}`, { batchId })).status).toBe(404);
    expect((await call(cancelBatch, 'DELETE', `/api/bulk/${batchId}?key=wrong`, { batchId })).status).toBe(404);
    expect((await call(retryItem, 'POST', under(started, '/items/bi_nothing/retry'), { batchId, itemId: 'bi_nothing' })).status).toBe(404);
    await until('done', async () => (await read(started)).done);
  });

  it('retries a failed download as a new job that completes', async () => {
    env.site.setSwitches({ status: 503 });
    const first = await call<{ downloadId: string }>(startDownload, 'POST', '/api/media/download', {}, { url: at('/video.mp4?queue=download'), quality: '720p', format: 'mp4' });
    const id = first.body.data.downloadId;
    const progress = (dl: string) => call<{ status: string; code?: string }>(progressGet, 'GET', `/api/media/progress/${dl}`, { id: dl });
    await until('failed', async () => (await progress(id)).body.data.status === 'failed');
    expect((await call(retryDownload, 'POST', '/api/media/progress/dl_nothingHere000/retry', { id: 'dl_nothingHere000' })).status).toBe(404);
    env.site.resetSwitches();
    const retried = await call<{ downloadId: string }>(retryDownload, 'POST', `/api/media/progress/${id}/retry`, { id });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const next = retried.body.data.downloadId;
    expect(next).not.toBe(id);
    await until('ready', async () => (await progress(next)).body.data.status === 'ready');
    expect((await progress(id)).body.data.status).toBe('failed');
    expect(await call(retryDownload, 'POST', `/api/media/progress/${next}/retry`, { id: next })).toMatchObject({ status: 409, body: { code: 'conflict' } });
  });

  it('documents every cancel and retry in the OpenAPI document', async () => {
    const doc = (await (await openapi(new NextRequest('http://localhost/api/openapi.json'), { params: Promise.resolve({}) })).json()) as { paths: Record<string, Record<string, unknown>> };
    const methods = (path: string) => Object.keys(doc.paths[path] ?? {}).sort();
    expect(methods('/api/bulk/{batchId}')).toEqual(['delete', 'get']);
    expect(methods('/api/bulk/{batchId}/retry')).toEqual(['post']);
    expect(methods('/api/bulk/{batchId}/items/{itemId}')).toEqual(['delete']);
    expect(methods('/api/bulk/{batchId}/items/{itemId}/retry')).toEqual(['post']);
    expect(methods('/api/media/progress/{downloadId}/retry')).toEqual(['post']);
  });
});
