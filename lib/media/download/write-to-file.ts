import 'server-only';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Streams `readable` into `path` and resolves with the bytes written. No fsync: the file is a temp artefact
 * that a crash makes worthless anyway. On failure or abort the partial file is removed, so nothing half-written
 * is ever mistaken for a finished download.
 */
export async function downloadToFile(readable: Readable, path: string, opts: { signal?: AbortSignal } = {}): Promise<number> {
  const file = createWriteStream(path, { flags: 'w', highWaterMark: 1024 * 1024 });
  try {
    await pipeline(readable, file, { signal: opts.signal });
    return file.bytesWritten;
  } catch (error) {
    readable.destroy();
    file.destroy();
    // The open is asynchronous: removing before the stream has closed could race a file being created.
    if (!file.closed) await once(file, 'close').catch(() => undefined);
    await rm(path, { force: true });
    throw error;
  }
}
