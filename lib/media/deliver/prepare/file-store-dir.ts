import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, OpenedFile, StoredFile } from './file-store';

/** Leftovers of a put or delete cut short (a copy on its way in, bytes without metadata) go after this long. */
export const LEFTOVER_AGE_MS = 24 * 60 * 60 * 1000;
const INCOMING = '.incoming';
const READ_CHUNK = 256 * 1024;

const nameOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 40);
const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The file store as a directory: each file is `<name>.data` with `<name>.json` (key, size, expiry) beside it,
 * the name a hash of the key. A file comes in by rename — from the work dir when both are on one filesystem,
 * else copied into `.incoming/` first — and its metadata is renamed in after it, so a reader on any node sees a
 * whole file or none. Deleting removes the metadata first. A reader holds the file open, so a file swept while
 * it is being served is still served whole.
 */
export function directoryFileStore(root: string, now: () => number = Date.now): FileStore {
  const dataPath = (key: string) => path.join(root, `${nameOf(key)}.data`);
  const metaPath = (key: string) => path.join(root, `${nameOf(key)}.json`);
  const incoming = () => path.join(root, INCOMING, randomBytes(12).toString('hex'));

  /** Moves `from` to `to` in one step as far as a reader can tell. */
  async function moveIn(from: string, to: string): Promise<void> {
    try {
      await rename(from, to);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    }
    const staging = incoming();
    try {
      await copyFile(from, staging);
      await rename(staging, to);
    } finally {
      await rm(staging, { force: true });
    }
    await rm(from, { force: true });
  }

  async function readMeta(file: string): Promise<StoredFile | undefined> {
    try {
      const meta = JSON.parse(await readFile(file, 'utf8')) as StoredFile;
      return typeof meta.key === 'string' && Number.isFinite(meta.size) && Number.isFinite(meta.expiresAt) ? meta : undefined;
    } catch (error) {
      if (isMissing(error) || error instanceof SyntaxError) return undefined;
      throw error;
    }
  }

  async function live(key: string): Promise<StoredFile | undefined> {
    const meta = await readMeta(metaPath(key));
    return meta && meta.key === key && meta.expiresAt > now() ? meta : undefined;
  }

  return {
    location: root,
    async put(key, localFile, expiresAt) {
      await mkdir(path.join(root, INCOMING), { recursive: true, mode: 0o700 });
      const { size } = await stat(localFile);
      await moveIn(localFile, dataPath(key));
      const meta: StoredFile = { key, size, expiresAt };
      const staging = incoming();
      await writeFile(staging, JSON.stringify(meta), { mode: 0o600 });
      await rename(staging, metaPath(key));
      return meta;
    },
    stat: live,
    async open(key): Promise<OpenedFile | undefined> {
      if (!(await live(key))) return undefined;
      const handle = await open(dataPath(key), 'r').catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      if (!handle) return undefined;
      const { size } = await handle.stat();
      return {
        size,
        stream: (range) => handle.createReadStream({ start: range?.start ?? 0, end: range?.end, highWaterMark: READ_CHUNK }),
        close: () => handle.close(),
      };
    },
    async keep(key, until) {
      const meta = await live(key);
      if (!meta) return false;
      if (meta.expiresAt >= until) return true;
      const staging = incoming();
      await mkdir(path.join(root, INCOMING), { recursive: true, mode: 0o700 });
      await writeFile(staging, JSON.stringify({ ...meta, expiresAt: until }), { mode: 0o600 });
      await rename(staging, metaPath(key));
      return true;
    },
    async delete(key) {
      await rm(metaPath(key), { force: true });
      await rm(dataPath(key), { force: true });
    },
    async listExpired(at) {
      const names = await readdir(root).catch((error: unknown) => {
        if (isMissing(error)) return [] as string[];
        throw error;
      });
      const expired: string[] = [];
      for (const name of names.filter((n) => n.endsWith('.json'))) {
        const meta = await readMeta(path.join(root, name));
        if (meta && meta.expiresAt <= at) expired.push(meta.key);
      }
      await removeLeftovers(root, names, at);
      return expired;
    },
  };
}

/** Bytes whose metadata never arrived (or was deleted first) and copies that never finished coming in. */
async function removeLeftovers(root: string, names: string[], at: number): Promise<void> {
  const metas = new Set(names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5)));
  const orphans = names.filter((n) => n.endsWith('.data') && !metas.has(n.slice(0, -5))).map((n) => path.join(root, n));
  const staged = (await readdir(path.join(root, INCOMING)).catch(() => [] as string[])).map((n) => path.join(root, INCOMING, n));
  for (const file of [...orphans, ...staged]) {
    const info = await stat(file).catch(() => undefined);
    if (info && at - info.mtimeMs > LEFTOVER_AGE_MS) await rm(file, { force: true });
  }
}
