import 'server-only';
import type { ReadyFile, SharedPreparations } from '@/lib/media/deliver/prepare/shared-preparations';
import { parseByteRange } from './byte-range';
import { downloadHeaders, unsatisfiable } from './download-headers';
import { toWebStream } from './web-stream';

/**
 * A prepared file from the file store (whichever node prepared it), whole (200) or the part a `Range` asks for
 * (206), with its exact length.
 */
export async function serveFile(
  files: SharedPreparations,
  file: ReadyFile,
  meta: { title: string; ext: string; range: string | null },
  onClose: () => void,
): Promise<Response> {
  // Opened before answering: a sweep may remove the file, never one we already hold open.
  const handle = await files.open(file);
  const size = handle.size;
  const range = parseByteRange(meta.range, size);
  if (range === 'unsatisfiable') {
    await handle.close();
    onClose();
    return unsatisfiable(meta.title, meta.ext, size);
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  const body = size === 0 ? null : handle.stream({ start, end });
  if (!body) await handle.close();
  const headers = downloadHeaders(meta.title, meta.ext, {
    acceptsRanges: true,
    length: size === 0 ? 0 : end - start + 1,
    range: range ? { ...range, total: size } : undefined,
  });
  if (!body) onClose();
  return new Response(body ? toWebStream(body, onClose) : null, { status: range ? 206 : 200, headers });
}
