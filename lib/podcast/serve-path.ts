import 'server-only';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parseByteRange } from '@/lib/media/deliver/serve/byte-range';
import { downloadHeaders, unsatisfiable } from '@/lib/media/deliver/serve/download-headers';
import { toWebStream } from '@/lib/media/deliver/serve/web-stream';
import { feedNotFound } from './public-feed';

/**
 * A library file served by its path, whole (200) or the part a Range asks for (206), with its exact length; a file
 * gone from the folder is the feed's 404. The file is opened before answering, so its size and bytes agree.
 */
export async function servePath(file: { path: string; title: string; ext: string }, headers: Headers): Promise<Response> {
  const handle = await open(file.path, 'r').catch(() => {
    throw feedNotFound();
  });
  const { size } = await handle.stat();
  const range = parseByteRange(headers.get('range'), size);
  if (range === 'unsatisfiable') {
    await handle.close();
    return unsatisfiable(file.title, file.ext, size);
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  const body = size === 0 ? null : createReadStream('', { fd: handle, start, end });
  if (!body) await handle.close();
  const out = downloadHeaders(file.title, file.ext, { acceptsRanges: true, length: size === 0 ? 0 : end - start + 1, range: range ? { ...range, total: size } : undefined });
  return new Response(body ? toWebStream(body, () => {}) : null, { status: range ? 206 : 200, headers: out });
}
