import type { Readable } from 'node:stream';
import { nodeBody } from '@/lib/http/metered-body';

/**
 * A Node stream as a web body, pulled only as fast as the client reads (the Node stream's own buffer is the
 * only one). `onClose` runs once whether the body ends, fails or the client goes away; going away destroys
 * the Node stream, which stops whatever feeds it (the origin request, the file read). Meters added to the answer
 * (withMeter: the daily bytes, the delivered-bytes figure) ride on this one body, counted per batch, not per chunk.
 */
export function toWebStream(node: Readable, onClose: () => void): ReadableStream<Uint8Array> {
  return nodeBody(node, onClose);
}
