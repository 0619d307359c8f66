import 'server-only';
import type { Db } from '@/lib/db';

export interface StoredWindow {
  spec: string;
  timeZone: string;
}

/** The user's own download window, or undefined when they set none (the server's alone applies). */
export async function readUserWindow(db: Db, userId: string): Promise<StoredWindow | undefined> {
  const row = await db.get<{ spec: string; time_zone: string }>('SELECT spec, time_zone FROM download_windows WHERE user_id = ?', [userId]);
  return row && { spec: row.spec, timeZone: row.time_zone };
}

export async function saveUserWindow(db: Db, userId: string, window: StoredWindow, at: number): Promise<void> {
  await db.run(
    `INSERT INTO download_windows (user_id, spec, time_zone, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET spec = excluded.spec, time_zone = excluded.time_zone, updated_at = excluded.updated_at`,
    [userId, window.spec, window.timeZone, at],
  );
}

export async function deleteUserWindow(db: Db, userId: string): Promise<void> {
  await db.run('DELETE FROM download_windows WHERE user_id = ?', [userId]);
}
