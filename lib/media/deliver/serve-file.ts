import 'server-only';
import { open } from 'node:fs/promises';
import { parseByteRange } from './byte-range';
import { downloadHeaders, unsatisfiable } from './download-headers';
import { expiredLink } from './resolve-offer';
import type { ReadyFile } from './shared-preparations';
import { toWebStream } from './web-stream';

const READ_CHUNK = 256 * 1024;

/** A prepared file, whole (200) or the part a `Range` asks for (206), with its exact length. */
export async function serveFile(
  file: ReadyFile,
  meta: { title: string; ext: string; range: string | null },
  onClose: () => void,
): Promise<Response> {
  // Opened before answering: a sweep may remove the path, never a file we already hold open.
  const handle = await open(file.file, 'r').catch(() => {
    throw expiredLink();
  });
  const range = parseByteRange(meta.range, file.size);
  if (range === 'unsatisfiable') {
    await handle.close();
    onClose();
    return unsatisfiable(meta.title, meta.ext, file.size);
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? file.size - 1;
  const body = file.size === 0 ? null : handle.createReadStream({ start, end, highWaterMark: READ_CHUNK });
  if (!body) await handle.close();
  const headers = downloadHeaders(meta.title, meta.ext, {
    acceptsRanges: true,
    length: file.size === 0 ? 0 : end - start + 1,
    range: range ? { ...range, total: file.size } : undefined,
  });
  if (!body) onClose();
  return new Response(body ? toWebStream(body, onClose) : null, { status: range ? 206 : 200, headers });
}
