import 'server-only';
import { sameSecret, serverSignature } from '@/lib/http/server-secret';
import type { JobOwner } from '@/lib/jobs/runner';

/**
 * Who asks to read a batch: the signed-in user, if any, and the capability key the request carried, if any; and,
 * when the request starts work (a retry), whose turn that work takes among the jobs waiting.
 */
export interface BatchReader {
  userId: string | null;
  key?: string;
  client?: JobOwner;
}

/**
 * The capability of an anonymous batch: an HMAC of its id under the server secret. It cannot be guessed from the
 * id (which shows in file names and logs), needs no storage, and every node sharing the secret checks it.
 */
export function batchKey(batchId: string): string {
  return serverSignature('bulk-batch', batchId);
}

/**
 * A batch answers only its owner: a signed-in owner's batch the same user, an anonymous batch whoever holds its
 * key. Everyone else is told nothing — the same 404 as for a batch that never existed.
 */
export function mayRead(batch: { id: string; owner: string | null }, reader: BatchReader): boolean {
  if (batch.owner) return reader.userId === batch.owner;
  return sameSecret(reader.key, batchKey(batch.id));
}

/** Where the batch's status and ZIP are read; an anonymous batch's links carry its key. */
export function batchUrls(batchId: string, owner: string | null): { statusUrl: string; zipUrl: string } {
  const id = encodeURIComponent(batchId);
  const query = owner ? '' : `?key=${batchKey(batchId)}`;
  return { statusUrl: `/api/bulk/${id}${query}`, zipUrl: `/api/bulk/${id}/zip${query}` };
}
