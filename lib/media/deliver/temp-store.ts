import 'server-only';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { config } from '@/lib/config';

export const tempRoot = (): string => config().tempDir;
export const tempTtlMs = (): number => config().env.TEMP_TTL_MS;

/** A fresh directory for one preparation; its name starts with `prefix` so a sweep can tell whose it is. */
export async function makeWorkDir(prefix: string): Promise<string> {
  const root = tempRoot();
  await mkdir(root, { recursive: true, mode: 0o700 });
  return mkdtemp(path.join(root, `${prefix}-`));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true }).catch((error) => console.error('[deliver] could not remove', dir, error));
}

/**
 * Removes work dirs older than the TTL that nobody is using (`inUse`): files from finished preparations that
 * expired, and whatever a crashed or restarted process left behind.
 */
export async function sweepTempDirs(inUse: ReadonlySet<string>, now = Date.now()): Promise<number> {
  const root = tempRoot();
  const names = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const dir = path.join(root, name);
    if (inUse.has(dir)) continue;
    const info = await stat(dir).catch(() => null);
    if (!info?.isDirectory() || now - info.mtimeMs < tempTtlMs()) continue;
    await removeDir(dir);
    removed += 1;
  }
  return removed;
}
