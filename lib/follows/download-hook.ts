import 'server-only';
import type { Db } from '@/lib/db';
import type { DownloadJobOutcome } from '@/lib/downloads/download-kind';
import { reserveDownload, settleDownload } from './uploads-store';

/** A signed-in user's download ended: a followed upload downloaded in the background takes its outcome and size. */
export async function onFollowedDownloadFinished(db: Db, outcome: DownloadJobOutcome): Promise<void> {
  await settleDownload(db, outcome.owner, outcome.request.url, {
    ok: outcome.status === 'ready',
    bytes: outcome.file?.size,
  });
}

/** A background download's format is known: its size replaces the estimate reserved when the check started it. */
export async function onFollowedDownloadSized(db: Db, sized: { owner: string; url: string; bytes: number }): Promise<void> {
  await reserveDownload(db, sized.owner, sized.url, sized.bytes);
}
