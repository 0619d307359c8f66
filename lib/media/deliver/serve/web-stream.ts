import type { Readable } from 'node:stream';

/**
 * A Node stream as a web body, pulled only as fast as the client reads (the Node stream's own buffer is the
 * only one). `onClose` runs once whether the body ends, fails or the client goes away; going away destroys
 * the Node stream, which stops whatever feeds it (the origin request, the file read).
 */
export function toWebStream(node: Readable, onClose: () => void): ReadableStream<Uint8Array> {
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    onClose();
  };
  const chunks = node[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) {
          finish();
          controller.close();
        } else {
          controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
        }
      } catch (error) {
        finish();
        if (!node.destroyed) node.destroy();
        controller.error(error);
      }
    },
    cancel() {
      node.destroy();
      finish();
    },
  });
}
