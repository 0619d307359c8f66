import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { config } from '@/lib/config';

/**
 * Fetched pictures on disk, one file per source URL (named by its SHA-256, so no URL shows in the file system).
 * A file's mtime is when it was fetched (the TTL runs from there); its atime is set on every hit, and past the
 * size bound the least recently used files go first.
 */

const dir = () => config().thumbnailDir;
const fileFor = (src: string) => path.join(dir(), createHash('sha256').update(src).digest('hex'));
const isEntry = (name: string) => /^[0-9a-f]{64}$/.test(name);
/** A half-written file older than this belongs to a write that died. */
const STALE_PART_MS = 60_000;

/** The cached bytes of `src`, while younger than the TTL; a hit marks the file as just used. */
export async function readCached(src: string, now = Date.now()): Promise<Uint8Array | undefined> {
  const file = fileFor(src);
  const info = await stat(file).catch(() => null);
  if (!info) return undefined;
  if (now - info.mtimeMs >= config().env.THUMBNAIL_CACHE_TTL_MS) {
    await rm(file, { force: true });
    return undefined;
  }
  const bytes = await readFile(file).catch(() => null);
  if (!bytes) return undefined;
  await utimes(file, new Date(now), info.mtime).catch(() => undefined);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Written whole or not at all: a reader never sees half a picture. A failed write only costs a refetch. */
export async function writeCached(src: string, bytes: Uint8Array): Promise<void> {
  const file = fileFor(src);
  const part = `${file}.${randomBytes(6).toString('hex')}.part`;
  try {
    await mkdir(dir(), { recursive: true, mode: 0o700 });
    await writeFile(part, bytes, { mode: 0o600 });
    await rename(part, file);
  } catch (error) {
    await rm(part, { force: true });
    console.warn('[thumbnails] could not cache a picture', (error as NodeJS.ErrnoException).code ?? error);
    return;
  }
  if (estimate?.dir === dir()) estimate.bytes += bytes.byteLength;
  else estimate = undefined;
  if (!estimate || estimate.bytes > config().env.THUMBNAIL_CACHE_MAX_BYTES || Date.now() - estimate.sweptAt > SWEEP_EVERY_MS) {
    scheduleSweep();
  }
}

/** Expired pictures are found by a sweep at least this often (a read drops an expired one by itself). */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
let sweeping: Promise<void> | undefined;
let again = false;
// What the last sweep left plus what was written since: a write sweeps only when the bound may be passed.
let estimate: { dir: string; bytes: number; sweptAt: number } | undefined;

/** One sweep at a time; a write during a sweep asks for one more. */
function scheduleSweep(): void {
  if (sweeping) {
    again = true;
    return;
  }
  sweeping = sweepCache()
    .catch((error) => console.warn('[thumbnails] cache sweep failed', error))
    .finally(() => {
      sweeping = undefined;
      if (again) {
        again = false;
        scheduleSweep();
      }
    });
}

/** Waits for the sweep a write started (tests). */
export async function settledSweeps(): Promise<void> {
  while (sweeping) await sweeping;
}

/** Removes expired pictures and dead half-writes, then the least recently used until the cache fits its bound. */
export async function sweepCache(now = Date.now()): Promise<void> {
  const { THUMBNAIL_CACHE_TTL_MS: ttl, THUMBNAIL_CACHE_MAX_BYTES: maxBytes } = config().env;
  const names = await readdir(dir()).catch(() => [] as string[]);
  const live: Array<{ file: string; size: number; usedAt: number }> = [];
  for (const name of names) {
    const file = path.join(dir(), name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    const expired = isEntry(name) ? now - info.mtimeMs >= ttl : name.endsWith('.part') && now - info.mtimeMs >= STALE_PART_MS;
    if (expired) await rm(file, { force: true });
    else if (isEntry(name)) live.push({ file, size: info.size, usedAt: info.atimeMs });
  }
  live.sort((a, b) => b.usedAt - a.usedAt);
  let total = 0;
  let kept = 0;
  for (const entry of live) {
    total += entry.size;
    if (total > maxBytes) await rm(entry.file, { force: true });
    else kept = total;
  }
  estimate = { dir: dir(), bytes: kept, sweptAt: now };
}
