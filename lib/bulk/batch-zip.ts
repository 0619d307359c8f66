import 'server-only';
import { AppError } from '@/lib/errors';
import { createNameAllocator } from '@/lib/zip/entry-names';
import { zipStream, type ZipSource } from '@/lib/zip/zip-stream';
import type { ItemFile, StoredBatch } from './batch-store';

export type OpenFile = (file: ItemFile) => Promise<AsyncIterable<Uint8Array>>;

/**
 * The batch's completed files as one streamed ZIP, in queue order, named after their titles (made safe and
 * unique). Items still running or failed are left out; with nothing completed there is nothing to zip.
 */
export function batchZip(batch: StoredBatch, open: OpenFile): { stream: ReadableStream<Uint8Array>; filename: string } {
  const completed = batch.items.filter((item) => item.status === 'ready' && item.file);
  if (completed.length === 0) throw new AppError('conflict', 'No completed files to download yet');
  const nameFor = createNameAllocator();
  const sources: ZipSource[] = completed.map((item) => ({
    // An item split by its chapters is a ZIP of its own.
    name: nameFor(item.title, item.file!.split ? 'zip' : item.file!.ext),
    open: () => open(item.file!),
  }));
  return { stream: zipStream(sources), filename: `grabline-${batch.id}.zip` };
}
