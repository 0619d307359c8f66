import { crc32 } from 'node:zlib';
import { centralHeader, dataDescriptor, dosDateTime, endOfArchive, localHeader, type CentralEntry } from './zip-records';

export interface ZipSource {
  /** The path inside the archive ('/'-separated, already safe). */
  name: string;
  modified?: Date;
  /** Opened only when its turn comes, so a long archive holds one file open at a time. */
  open: () => Promise<AsyncIterable<Uint8Array> | Iterable<Uint8Array>>;
}

/**
 * A ZIP archive as a stream of chunks, built while the files are read: STORE (media is already compressed),
 * CRC-32 computed on the way through, sizes in a data descriptor after each file, ZIP64 records whenever a
 * size, an offset or the entry count outgrows the classic format. Nothing is buffered beyond one chunk.
 */
export async function* zipChunks(sources: AsyncIterable<ZipSource> | Iterable<ZipSource>): AsyncGenerator<Uint8Array> {
  const written: CentralEntry[] = [];
  let offset = 0;
  for await (const source of sources) {
    const name = Buffer.from(source.name, 'utf8');
    const stamp = dosDateTime(source.modified ?? new Date());
    const header = localHeader({ name, ...stamp });
    const start = offset;
    yield header;
    offset += header.length;
    let crc = 0;
    let size = 0;
    for await (const chunk of await source.open()) {
      crc = crc32(chunk, crc);
      size += chunk.byteLength;
      yield chunk;
    }
    const descriptor = dataDescriptor(crc, size);
    yield descriptor;
    offset += size + descriptor.length;
    written.push({ name, crc, size, offset: start, ...stamp });
  }
  const cdOffset = offset;
  let cdSize = 0;
  for (const entry of written) {
    const record = centralHeader(entry);
    cdSize += record.length;
    yield record;
  }
  yield endOfArchive(written.length, cdOffset, cdSize);
}

/** How an archive's stream ended: whole (its last byte handed to the reader) or not, and the bytes it handed over. */
export interface ZipOutcome {
  complete: boolean;
  bytes: number;
}

/**
 * The same archive as a web stream, pulled only as fast as the client reads; cancelling stops the reads.
 * `onEnd` runs once when the archive ends, fails or the reader cancels (to give back what the stream held).
 */
export function zipStream(
  sources: AsyncIterable<ZipSource> | Iterable<ZipSource>,
  opts: { onEnd?: (outcome: ZipOutcome) => void } = {},
): ReadableStream<Uint8Array> {
  const chunks = zipChunks(sources);
  let ended = false;
  let bytes = 0;
  const end = (complete: boolean) => {
    if (ended) return;
    ended = true;
    opts.onEnd?.({ complete, bytes });
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) {
          controller.close();
          end(true);
        } else {
          bytes += next.value.length;
          controller.enqueue(next.value);
        }
      } catch (error) {
        controller.error(error);
        end(false);
      }
    },
    async cancel() {
      end(false);
      await chunks.return(undefined);
    },
  });
}
