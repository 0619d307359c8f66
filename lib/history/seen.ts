import 'server-only';
import type { Db } from '@/lib/db';
import { loadAnalyzed } from '@/lib/media/analyze';
import { historyStoreFor } from './history';
import { latestCompletedByKey } from './history-store';
import { mediaKeyForUrl } from './media-key';
import type { Seen } from './schemas';

/**
 * Whether the user already downloaded what an analysis found: the analysis's link becomes the user's media key and
 * the latest completed row with that key answers (retention applied first, so a forgotten download is not
 * recalled). An expired analysis or an unrecognised link is simply "not seen".
 */
export async function seenBefore(db: Db, userId: string, mediaId: string): Promise<Seen> {
  const media = await loadAnalyzed(mediaId);
  const key = media ? mediaKeyForUrl(userId, media.info.url) : null;
  if (!key) return { seen: null };
  const row = await latestCompletedByKey(await historyStoreFor(db, userId), userId, key);
  if (!row) return { seen: null };
  return { seen: { downloadedAt: new Date(Number(row.downloaded_at)).toISOString(), quality: row.quality, format: row.format } };
}
