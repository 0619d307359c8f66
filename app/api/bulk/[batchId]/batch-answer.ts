import 'server-only';
import { z } from 'zod';
import type { BatchReader } from '@/lib/bulk/batch-access';
import type { BulkBatch } from '@/lib/bulk/schemas';
import { AppError } from '@/lib/errors';
import { idSchema } from '@/lib/http/ids';
import { services } from '@/lib/server';

/** Who is asking: the signed-in user, and the key of an anonymous batch. */
export const readerOf = (user: { id: string } | null | undefined, key: string | undefined): BatchReader => ({ userId: user?.id ?? null, key });

/** The batch as it stands after a cancel or a retry: the queue's new state in the same answer. */
export async function batchAfter(batchId: string, reader: BatchReader): Promise<BulkBatch> {
  const batch = await services().bulk.get(batchId, reader);
  if (!batch) throw new AppError('not_found', 'Batch not found');
  return batch;
}

/** `/api/bulk/{batchId}/items/{itemId}`: both ids. */
export const itemParams = z.object({ batchId: idSchema, itemId: idSchema });
