import 'server-only';
import { idSchema } from '@/lib/http/ids';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { readPreferences } from '@/lib/settings/settings-store';
import { clearHistory, deleteHistory, listHistory } from './history-store';
import { purgeHistoryPeriodically, purgeUserHistory } from './retention';
import { type HistoryList, type HistoryQuery } from './schemas';

export const historyNotFound = () => new AppError('not_found', 'This download is not in your history');

/** The store, with retention applied to the reader first (their list never shows what they asked to forget). */
export async function historyStoreFor(db: Db, userId: string): Promise<Db> {
  purgeHistoryPeriodically(db);
  await purgeUserHistory(db, userId, (await readPreferences(db, userId)).historyRetention);
  return db;
}

export async function getHistory(db: Db, userId: string, query: HistoryQuery): Promise<HistoryList> {
  return listHistory(await historyStoreFor(db, userId), userId, query);
}

/** Someone else's entry answers exactly like a missing one: 404, so ids reveal nothing. */
export async function removeHistoryEntry(db: Db, userId: string, id: string): Promise<{ deleted: string }> {
  if (!idSchema.safeParse(id).success || !(await deleteHistory(db, userId, id))) throw historyNotFound();
  return { deleted: id };
}

export async function clearUserHistory(db: Db, userId: string): Promise<{ deleted: number }> {
  return { deleted: await clearHistory(db, userId) };
}
