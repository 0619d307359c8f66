import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCached, settledSweeps, sweepCache, writeCached } from './picture-cache';

let dataDir: string;
const cacheDir = () => path.join(dataDir, 'thumbnails');
const entries = () => readdirSync(cacheDir()).filter((name) => /^[0-9a-f]{64}$/.test(name));
const picture = (fill: number, size = 1000) => new Uint8Array(size).fill(fill);

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'grabline-thumb-cache-'));
  process.env.DATA_DIR = dataDir;
});

afterEach(async () => {
  await settledSweeps();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.THUMBNAIL_CACHE_TTL_MS;
  delete process.env.THUMBNAIL_CACHE_MAX_BYTES;
});

describe('the thumbnail disk cache', () => {
  it('keeps a picture by a hash of its address (no URL in the file system) and gives its bytes back', async () => {
    await writeCached('https://img.example/a.jpg', picture(1));
    expect(entries()).toHaveLength(1);
    expect(readdirSync(cacheDir()).join()).not.toContain('example');
    expect(await readCached('https://img.example/a.jpg')).toEqual(picture(1));
    expect(await readCached('https://img.example/b.jpg')).toBeUndefined();
  });

  it('forgets a picture once it is older than THUMBNAIL_CACHE_TTL_MS', async () => {
    process.env.THUMBNAIL_CACHE_TTL_MS = '60000';
    await writeCached('https://img.example/old.jpg', picture(2));
    expect(await readCached('https://img.example/old.jpg', Date.now() + 59_000)).toEqual(picture(2));
    expect(await readCached('https://img.example/old.jpg', Date.now() + 61_000)).toBeUndefined();
    expect(entries()).toHaveLength(0);
  });

  it('past THUMBNAIL_CACHE_MAX_BYTES, drops the least recently used pictures first', async () => {
    process.env.THUMBNAIL_CACHE_MAX_BYTES = '3500';
    const t = Date.now();
    for (const name of ['a', 'b', 'c']) await writeCached(`https://img.example/${name}.jpg`, picture(3));
    await settledSweeps();
    // a was used last, c before it, b longest ago; d, written now, is the newest.
    await readCached('https://img.example/b.jpg', t - 3000);
    await readCached('https://img.example/c.jpg', t - 2000);
    await readCached('https://img.example/a.jpg', t - 1000);
    await writeCached('https://img.example/d.jpg', picture(4));
    await settledSweeps();
    expect(entries()).toHaveLength(3);
    expect(await readCached('https://img.example/b.jpg')).toBeUndefined();
    for (const name of ['a', 'c', 'd']) expect(await readCached(`https://img.example/${name}.jpg`), name).toBeDefined();
  });

  it('sweeps away expired pictures and half-writes a dead process left, and nothing else', async () => {
    process.env.THUMBNAIL_CACHE_TTL_MS = '60000';
    await writeCached('https://img.example/keep.jpg', picture(5));
    await writeCached('https://img.example/expire.jpg', picture(6));
    await settledSweeps();
    const past = new Date(Date.now() - 120_000);
    const names = entries();
    utimesSync(path.join(cacheDir(), names[1]), past, past);
    writeFileSync(path.join(cacheDir(), `${names[0]}.dead.part`), 'half');
    utimesSync(path.join(cacheDir(), `${names[0]}.dead.part`), past, past);
    writeFileSync(path.join(cacheDir(), `${names[0]}.live.part`), 'half');
    await sweepCache();
    expect(readdirSync(cacheDir()).sort()).toEqual([names[0], `${names[0]}.live.part`].sort());
  });
});
