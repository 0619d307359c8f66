import 'server-only';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { now } from '@/lib/db/time';
import { NOTIFICATION_LIMIT, type NotificationKind, type NotificationList } from './schemas';

interface Row {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string | null;
  read_at: number | null;
  created_at: number;
}

// A user who never opens the bell should not grow the table for ever: keep this many of their newest.
const KEEP_PER_USER = 100;

export async function createNotification(
  db: Db,
  userId: string,
  notification: { kind: NotificationKind; title: string; body?: string | null },
): Promise<string> {
  const id = newId('ntf');
  await db.run('INSERT INTO notifications (id, user_id, kind, title, body, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
    id, userId, notification.kind, notification.title, notification.body ?? null, now(),
  ]);
  await db.run(
    `DELETE FROM notifications WHERE user_id = ? AND id NOT IN (
       SELECT id FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?)`,
    [userId, userId, KEEP_PER_USER],
  );
  return id;
}

/** The newest 20, and how many of all the user's notifications are unread. */
export async function listNotifications(db: Db, userId: string): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    db.query<Row>(
      'SELECT id, kind, title, body, read_at, created_at FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?',
      [userId, NOTIFICATION_LIMIT],
    ),
    db.get<{ n: number }>('SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL', [userId]),
  ]);
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      read: row.read_at !== null,
      createdAt: new Date(Number(row.created_at)).toISOString(),
    })),
    unread: Number(unread?.n ?? 0),
  };
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  return (await db.run('UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL', [now(), userId])).changes;
}
