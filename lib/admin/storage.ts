import 'server-only';
import { lstat, readdir, statfs } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';

/** A file a job made, attributed to the job's owner (null: anonymous) until it expires from the file store. */
export async function recordTempFile(db: Db, file: { jobId: string; owner: string | null; bytes: number; expiresAt: number }): Promise<void> {
  // The owner may have been deleted while the job ran: the file is then nobody's in particular.
  const owner = file.owner && (await db.get('SELECT id FROM users WHERE id = ?', [file.owner])) ? file.owner : null;
  await db.run(
    `INSERT INTO temp_files (job_id, user_id, bytes, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (job_id) DO UPDATE SET bytes = excluded.bytes, expires_at = excluded.expires_at`,
    [file.jobId, owner, Math.max(0, Math.round(file.bytes)), file.expiresAt],
  );
}

export async function purgeTempFiles(db: Db, at: number): Promise<number> {
  return (await db.run('DELETE FROM temp_files WHERE expires_at <= ?', [at])).changes;
}

export const storageSchema = z.object({
  /** Bytes on this node's disk under TEMP_DIR (work in progress and, by default, the file store). */
  tempBytes: z.number(),
  /** Bytes in the file store when it is a directory of its own (FILE_STORE_DIR), else null (counted in tempBytes). */
  fileStoreBytes: z.number().nullable(),
  /** The disk TEMP_DIR is on: its free and total bytes (null where the system cannot say). */
  disk: z.object({ freeBytes: z.number(), totalBytes: z.number() }).nullable(),
  /**
   * Prepared files still in the store, by the owner of the job that made them; `email` null is anonymous. These are
   * the sizes recorded per job when its file was made, on every node, until the file expires: not a measure of this
   * disk (a preparation shared by several jobs of the same link and format counts once per job; work in progress
   * is on the disk only).
   */
  users: z.array(z.object({ userId: z.string().nullable(), email: z.string().nullable(), files: z.number().int(), bytes: z.number() })),
});
export type Storage = z.infer<typeof storageSchema>;

/** The bytes of every file under `dir` (links not followed); 0 when it does not exist. */
export async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await directoryBytes(full);
    else if (entry.isFile()) total += await lstat(full).then((s) => s.size, () => 0);
  }
  return total;
}

/** The disk holding `dir`: free (to this process) and total bytes, or null. */
export async function diskSpace(dir: string): Promise<{ freeBytes: number; totalBytes: number } | null> {
  try {
    const stats = await statfs(dir);
    return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
  } catch {
    return null;
  }
}

/**
 * The storage in use: measured on this node's disk now (and the disk's capacity), and per user as recorded for the
 * files their jobs made that have not expired. The two are different measures and are shown as such.
 */
export async function storageReport(db: Db, at: number): Promise<Storage> {
  const { tempDir, fileStoreDir } = config();
  const inside = path.relative(tempDir, fileStoreDir);
  const separate = inside.startsWith('..') || path.isAbsolute(inside);
  const [tempBytes, fileStoreBytes, disk, rows] = await Promise.all([
    directoryBytes(tempDir),
    separate ? directoryBytes(fileStoreDir) : Promise.resolve(null),
    diskSpace(tempDir),
    db.query<{ user_id: string | null; email: string | null; files: number | string; bytes: number | string }>(
      `SELECT t.user_id, u.email, COUNT(*) AS files, SUM(t.bytes) AS bytes
         FROM temp_files t LEFT JOIN users u ON u.id = t.user_id
        WHERE t.expires_at > ? GROUP BY t.user_id, u.email ORDER BY SUM(t.bytes) DESC`,
      [at],
    ),
  ]);
  return {
    tempBytes,
    fileStoreBytes,
    disk,
    users: rows.map((r) => ({ userId: r.user_id, email: r.email, files: Number(r.files), bytes: Number(r.bytes) })),
  };
}
