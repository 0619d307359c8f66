import 'server-only';
import type { IncomingMessage } from 'node:http';
import { AppError } from '@/lib/errors';

export interface BodyLimits {
  /** No bytes for this long while the reader is waiting → upstream_timeout. */
  idleTimeoutMs: number;
  /** More bytes than this → too_large. */
  maxBytes?: number;
  signal?: AbortSignal;
}

/** Bytes buffered ahead of the reader before the socket is paused. */
const HIGH_WATER_MARK = 256 * 1024;

function lostConnection(): AppError {
  return new AppError('upstream_failed', 'The connection to the source was lost');
}

/**
 * The upstream body as a web stream, with the limits enforced as bytes arrive. Hand-rolled instead of
 * `Readable.toWeb` so the idle timer only runs while the reader actually wants data: a slow consumer
 * (backpressure) is not an upstream stall, and must not be cut off as one.
 */
export function toWebBody(res: IncomingMessage, limits: BodyLimits): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let received = 0;
  let timer: NodeJS.Timeout | undefined;
  let finished = false;

  const stopTimer = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  const settle = () => {
    finished = true;
    stopTimer();
    limits.signal?.removeEventListener('abort', onAbort);
  };
  const fail = (error: unknown) => {
    if (finished) return;
    settle();
    controller.error(error);
    res.destroy();
  };
  function onAbort() {
    fail(limits.signal?.reason ?? new DOMException('This operation was aborted', 'AbortError'));
  }

  res.on('data', (chunk: Buffer) => {
    if (finished) return;
    stopTimer();
    received += chunk.byteLength;
    if (limits.maxBytes !== undefined && received > limits.maxBytes) {
      fail(new AppError('too_large', 'The file is too large', { maxBytes: limits.maxBytes }));
      return;
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) res.pause();
  });
  res.on('end', () => {
    if (finished) return;
    settle();
    controller.close();
  });
  res.on('error', () => fail(lostConnection()));
  res.on('close', () => {
    if (!res.complete) fail(lostConnection());
  });
  res.pause();

  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        if (limits.signal?.aborted) onAbort();
        else limits.signal?.addEventListener('abort', onAbort, { once: true });
      },
      pull() {
        if (finished) return;
        stopTimer();
        timer = setTimeout(() => fail(new AppError('upstream_timeout', 'The source stopped sending data')), limits.idleTimeoutMs);
        res.resume();
      },
      cancel() {
        settle();
        res.destroy();
      },
    },
    { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );
}
