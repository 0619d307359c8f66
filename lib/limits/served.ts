import 'server-only';
import type { Db } from '@/lib/db';
import { withMeter } from '@/lib/http/metered-body';
import { SYSTEM_OWNER } from '@/lib/jobs/runner';
import { countServedBytes, hasServingCredit, type PreparedFileRef } from './bytes';
import { UNTOLD_ANONYMOUS } from '@/lib/auth/caller';
import { assertOwnerBytesLeft } from './owner';

/**
 * A file body served to `owner`, its bytes counted against the owner's day as the client pulls them. The limit is
 * checked before the body starts (`daily_bytes_exceeded`); a body once started is never cut, so the last one of
 * the day may pass the limit. `file` names the offer when a job of the owner may have prepared (and counted) it.
 */
export async function servedToOwner(db: Db, owner: string, serve: () => Promise<Response>, file?: PreparedFileRef): Promise<Response> {
  if (owner === UNTOLD_ANONYMOUS || owner === SYSTEM_OWNER.key) return serve();
  // The file the owner's own job just prepared was counted then, even when that took the owner past the limit.
  if (!file || !(await hasServingCredit(db, owner, file))) await assertOwnerBytesLeft(db, owner);
  const res = await serve();
  if (!res.body) return res;
  return countedBody(res, (bytes) => countServedBytes(db, owner, bytes, file));
}

/**
 * The same answer, each byte of its body handed to `count` once, in order, as the client takes it: in batches of
 * a few MiB (the rest when the body ends or the client goes away), never per chunk. A complete body ends only once
 * its last count is written, so the next request sees it; a response may pass its owner's limit by at most one batch.
 */
export function countedBody(res: Response, count: (bytes: number) => Promise<void>): Response {
  let writes = Promise.resolve();
  // A counter that fails is logged; it never breaks the body.
  return withMeter(res, {
    count: (bytes) => (writes = writes.then(() => count(bytes)).catch((error) => console.error('[limits] counting served bytes failed', error))),
  });
}
