import 'server-only';
import type { Db } from '@/lib/db';
import { idSchema } from '@/lib/http/ids';
import { AppError } from '@/lib/errors';
import { historyNotFound, historyStoreFor } from './history';
import { findHistory } from './history-store';
import { urlForMediaRef } from './media-ref';
import { type Redownload } from './schemas';

export const NOT_REPEATABLE = 'This download cannot be repeated because we do not keep its original link';

/**
 * Re-download: the stored media reference → the platform's canonical link → the /download page, which analyses
 * it afresh (the old offer and file are long gone). Media from other sites has no reference: 422.
 */
export async function redownloadPath(db: Db, userId: string, id: string): Promise<Redownload> {
  if (!idSchema.safeParse(id).success) throw historyNotFound();
  const row = await findHistory(await historyStoreFor(db, userId), userId, id);
  if (!row) throw historyNotFound();
  const url = urlForMediaRef(row.media_ref);
  if (!url) throw new AppError('unsupported_url', NOT_REPEATABLE);
  return { path: `/download?${new URLSearchParams({ url })}` };
}
