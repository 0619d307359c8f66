import 'server-only';
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, mkdir, open, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Files inside the library folder only: every path is checked to resolve below the root, folders are made one at a
 * time and refused when one is a symbolic link (a link planted in the library never leads a write elsewhere), and
 * every file is written to a temporary name beside it, then renamed (a reader sees the whole file or none).
 */

export class OutsideLibraryError extends Error {}

/** The absolute path of `parts` below `root`; throws when any part is empty, "." or "..", or holds a separator. */
export function insideRoot(root: string, parts: readonly string[]): string {
  for (const part of parts) {
    if (!part || part === '.' || part === '..' || part.includes('/') || part.includes('\\') || part.includes('\0')) {
      throw new OutsideLibraryError(`Not a plain name: ${JSON.stringify(part)}`);
    }
  }
  const resolved = path.resolve(root, ...parts);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) throw new OutsideLibraryError('Outside the library folder');
  return resolved;
}

/** The folders `parts` below `root`, made when missing; throws when one of them is a link or not a folder. */
export async function ensureFolders(root: string, parts: readonly string[]): Promise<string> {
  await mkdir(root, { recursive: true });
  let at = root;
  for (let i = 0; i < parts.length; i++) {
    at = insideRoot(root, parts.slice(0, i + 1));
    await mkdir(at).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    const stat = await lstat(at);
    if (stat.isSymbolicLink() || !stat.isDirectory()) throw new OutsideLibraryError(`Not a folder: ${parts.slice(0, i + 1).join('/')}`);
  }
  return at;
}

/** `data` written whole to a new temporary file in `dir` (never through a link); its path. */
async function writeTemp(dir: string, data: Readable | Buffer | string): Promise<string> {
  const temp = path.join(dir, `.${randomBytes(6).toString('hex')}.part`);
  const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
  try {
    if (typeof data === 'string' || Buffer.isBuffer(data)) {
      await handle.writeFile(data);
      await handle.close();
    } else {
      await pipeline(data, handle.createWriteStream());
    }
    return temp;
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/** Writes `data` to `folders`/`name` atomically (temporary file, then rename); never follows a link. */
export async function writeAtomic(root: string, folders: readonly string[], name: string, data: Readable | Buffer | string): Promise<string> {
  const dir = await ensureFolders(root, folders);
  const target = insideRoot(root, [...folders, name]);
  const existing = await lstat(target).catch(() => undefined);
  if (existing && !existing.isFile()) throw new OutsideLibraryError(`Not a file: ${name}`);
  const temp = await writeTemp(dir, data);
  try {
    await rename(temp, target);
    return target;
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code;

/**
 * Writes `data` under the first name `pick` gives from the folder's names that no one else has taken, even while
 * other saves (in this process, or another node on the same folder) write into it: the whole file goes to a
 * temporary name first, then is linked to its name, which fails rather than replace a file that got there first
 * (then the next free name is tried). On a file system without hard links the name is claimed by creating it
 * exclusively, then the file is renamed over that claim. Returns the name used.
 */
export async function writeUnderFreeName(
  root: string, folders: readonly string[], pick: (taken: string[]) => string, data: Readable | Buffer | string,
): Promise<string> {
  const dir = await ensureFolders(root, folders);
  const temp = await writeTemp(dir, data);
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const name = pick(await namesIn(root, folders));
      const target = insideRoot(root, [...folders, name]);
      try {
        await link(temp, target);
        return name;
      } catch (error) {
        if (isCode(error, 'EEXIST')) continue;
        if (!isCode(error, 'EPERM') && !isCode(error, 'ENOTSUP') && !isCode(error, 'EOPNOTSUPP')) throw error;
      }
      try {
        await (await open(target, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644)).close();
      } catch (error) {
        if (isCode(error, 'EEXIST')) continue;
        throw error;
      }
      await rename(temp, target);
      return name;
    }
    throw new Error('No free name in the library folder after 100 tries');
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** Removes a file (or link) below the root; a missing one is already gone. Never a folder. */
export async function removeInside(root: string, parts: readonly string[]): Promise<void> {
  const target = insideRoot(root, parts);
  const stat = await lstat(target).catch(() => undefined);
  if (!stat || stat.isDirectory()) return;
  await unlink(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** The names in a folder below the root ([] when it does not exist yet). */
export async function namesIn(root: string, folders: readonly string[]): Promise<string[]> {
  return readdir(insideRoot(root, folders)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
    throw error;
  });
}

/** Whether a regular file (not a link) exists below the root. */
export async function isFileInside(root: string, parts: readonly string[]): Promise<boolean> {
  const stat = await lstat(insideRoot(root, parts)).catch(() => undefined);
  return Boolean(stat?.isFile());
}
