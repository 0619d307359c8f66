import 'server-only';
import type { Db } from '@/lib/db';
import type { DownloadJobOutcome } from '@/lib/downloads/download-kind';
import type { SharedPreparations } from '@/lib/media/deliver/prepare/shared-preparations';
import { readFileFacts } from './file-facts';

/**
 * A signed-in user's download ended: when it is the file of a followed upload, its chapters and length are read
 * once now, so feeds list them without running ffprobe while a podcast app waits.
 */
export async function onFeedDownloadFinished(db: Db, files: SharedPreparations, outcome: DownloadJobOutcome): Promise<void> {
  if (outcome.status !== 'ready' || !outcome.file) return;
  const uploads = await db.query<{ follow_id: string; media_id: string }>(
    `SELECT u.follow_id, u.media_id FROM follow_uploads u JOIN follows f ON f.id = u.follow_id
     WHERE f.user_id = ? AND u.url = ? AND u.chapters IS NULL`,
    [outcome.owner, outcome.request.url],
  );
  for (const upload of uploads) await readFileFacts(db, files, upload.follow_id, upload.media_id, { key: outcome.file.key });
}
