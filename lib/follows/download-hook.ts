import 'server-only';
import { getDb } from '@/lib/db';
import type { DownloadJobOutcome } from '@/lib/jobs/download-jobs';
import { settleDownload } from './uploads-store';

/** A signed-in user's download ended: a followed upload downloaded in the background takes its outcome and size. */
export async function onFollowedDownloadFinished(outcome: DownloadJobOutcome): Promise<void> {
  await settleDownload(await getDb(), outcome.owner, outcome.request.url, {
    ok: outcome.status === 'ready',
    bytes: outcome.file?.size,
  });
}
