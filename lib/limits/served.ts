import 'server-only';
import type { Db } from '@/lib/db';
import { SYSTEM_OWNER } from '@/lib/jobs/runner';
import { countServedBytes, hasServingCredit, type PreparedFileRef } from './bytes';
import { UNTOLD_ANONYMOUS } from '@/lib/auth/caller';
import { assertOwnerBytesLeft } from './owner';

/** Served bytes reach the counters in steps of this size (and the rest when the body ends), not one write per chunk. */
export const SERVED_FLUSH_BYTES = 1024 * 1024;

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

/** The same answer, its body passed chunk by chunk (no read-ahead), each byte handed to `count` once, in order. */
export function countedBody(res: Response, count: (bytes: number) => Promise<void>): Response {
  const reader = res.body!.getReader();
  let pending = 0;
  let writes = Promise.resolve();
  // A counter that fails is logged; it never breaks the body.
  const flush = () => {
    const bytes = pending;
    pending = 0;
    if (bytes > 0) writes = writes.then(() => count(bytes)).catch((error) => console.error('[limits] counting served bytes failed', error));
    return writes;
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          await flush();
          controller.close();
          return;
        }
        pending += value.byteLength;
        if (pending >= SERVED_FLUSH_BYTES) void flush();
        controller.enqueue(value);
      } catch (error) {
        void flush();
        controller.error(error);
      }
    },
    async cancel(reason) {
      void flush();
      await reader.cancel(reason);
    },
  }, { highWaterMark: 0 });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
