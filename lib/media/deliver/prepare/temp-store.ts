import 'server-only';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { config } from '@/lib/config';
import { holderGone, recordHolder } from '@/lib/media/process-record';

export const tempRoot = (): string => config().tempDir;
export const tempTtlMs = (): number => config().env.TEMP_TTL_MS;

/**
 * A fresh directory for one preparation; its name starts with `prefix` so a sweep can tell whose it is, and it
 * records which process on which host made it, so a process that died (killed, crashed) can be told from one
 * that is still working.
 */
export async function makeWorkDir(prefix: string): Promise<string> {
  const root = tempRoot();
  await mkdir(root, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(path.join(root, `${prefix}-`));
  recordHolder(dir);
  return dir;
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true }).catch((error) => console.error('[deliver] could not remove', dir, error));
}

/**
 * Removes work dirs (not the file store kept beside them) that nobody is using (`inUse`) and that are older than the TTL (files from finished
 * preparations that expired) or were left by a process of this host that has died (a kill or crash mid-download:
 * half-written files nothing will finish), whatever their age.
 */
export async function sweepTempDirs(inUse: ReadonlySet<string>, now = Date.now()): Promise<number> {
  const root = tempRoot();
  const names = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const dir = path.join(root, name);
    // Work dirs only: a dot-name is the node's own file store (`.ready`), never a preparation's work.
    if (inUse.has(dir) || name.startsWith('.') || dir === path.resolve(config().fileStoreDir)) continue;
    const info = await stat(dir).catch(() => null);
    if (!info?.isDirectory()) continue;
    if (now - info.mtimeMs < tempTtlMs() && !holderGone(dir)) continue;
    await removeDir(dir);
    removed += 1;
  }
  return removed;
}
