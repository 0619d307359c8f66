import type { Readable } from 'node:stream';

/**
 * Something that hears of a response body's bytes as the client takes them: the daily-bytes counter, the
 * delivered-bytes figure. Hears in batches, never per chunk.
 */
export interface BodyMeter {
  /**
   * Bytes handed to the client since the last call: once at least a batch has gathered, and the rest when the
   * body ends or stops. Never throws; a promise it returns is waited for before a complete body closes.
   */
  count?(bytes: number): void | Promise<void>;
  /** Once, after the last count: the body ended whole (true), or failed or the client went away (false). */
  end?(complete: boolean): void;
}

/** Bytes gathered before the meters hear of them. */
export const METER_BATCH_BYTES = 8 * 1024 * 1024;

interface Tally {
  meters: BodyMeter[];
  pending: number;
  ended: boolean;
}

/** The bodies made here, each with its meters: a meter added to one costs nothing per chunk. */
const tallies = new WeakMap<ReadableStream<Uint8Array>, Tally>();

function flush(tally: Tally): Promise<unknown> | undefined {
  const bytes = tally.pending;
  if (bytes === 0) return undefined;
  tally.pending = 0;
  const waits: Promise<unknown>[] = [];
  for (const meter of tally.meters) {
    const counted = meter.count?.(bytes);
    if (counted) waits.push(counted);
  }
  return waits.length ? Promise.all(waits) : undefined;
}

/** The bytes of one chunk handed on: the meters hear of them once a batch has gathered. */
function handed(tally: Tally, bytes: number): void {
  tally.pending += bytes;
  if (tally.pending >= METER_BATCH_BYTES) void flush(tally);
}

/** The last count and the end, once; what the counts return is waited for only by a complete body. */
function settle(tally: Tally, complete: boolean): Promise<unknown> | undefined {
  if (tally.ended) return undefined;
  tally.ended = true;
  const counted = flush(tally);
  for (const meter of tally.meters) meter.end?.(complete);
  return complete ? counted : undefined;
}

/**
 * A Node stream as a web body, pulled only as fast as the client reads (no read-ahead of its own: what was handed
 * on is what the client took). Each pull takes everything the Node stream holds by then as one chunk, so a
 * client slower than the source gets fewer, larger chunks and the per-chunk work shrinks. `onClose` runs once
 * whether the body ends, fails or the client goes away; going away destroys the Node stream, which stops whatever
 * feeds it (the origin request, the file read).
 */
export function nodeBody(node: Readable, onClose: () => void): ReadableStream<Uint8Array> {
  const tally: Tally = { meters: [], pending: 0, ended: false };
  let closed = false;
  let ended = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const finish = (complete: boolean) => {
    if (!closed) {
      closed = true;
      onClose();
    }
    return settle(tally, complete);
  };
  const poke = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  node.on('readable', poke);
  node.once('end', () => {
    ended = true;
    poke();
  });
  // `on`, not `once`: a stream that errs twice must not throw the second error at the process.
  node.on('error', (error) => {
    failure ??= error;
    poke();
  });
  node.once('close', () => {
    if (!ended) failure ??= Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    poke();
  });
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (failure) {
          void finish(false);
          if (!node.destroyed) node.destroy();
          controller.error(failure);
          return;
        }
        const chunk = node.read() as Buffer | null;
        if (chunk !== null) {
          handed(tally, chunk.byteLength);
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          return;
        }
        if (ended) {
          await finish(true);
          controller.close();
          return;
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    cancel() {
      node.destroy();
      void finish(false);
    },
  }, { highWaterMark: 0 });
  tallies.set(body, tally);
  return body;
}

/** A web body not made here, passed on chunk by chunk (no read-ahead) and metered as nodeBody's are. */
function meteredWebBody(source: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const tally: Tally = { meters: [], pending: 0, ended: false };
  const reader = source.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          await settle(tally, true);
          controller.close();
          return;
        }
        handed(tally, value.byteLength);
        controller.enqueue(value);
      } catch (error) {
        void settle(tally, false);
        controller.error(error);
      }
    },
    async cancel(reason) {
      void settle(tally, false);
      await reader.cancel(reason);
    },
  }, { highWaterMark: 0 });
  tallies.set(body, tally);
  return body;
}

/**
 * `res` with `meter` hearing of its body. A body made by nodeBody (or already metered) takes the meter as it is;
 * any other is wrapped once. A response without a body has ended whole.
 */
export function withMeter(res: Response, meter: BodyMeter): Response {
  if (!res.body) {
    meter.end?.(true);
    return res;
  }
  const tally = tallies.get(res.body);
  if (tally) {
    tally.meters.push(meter);
    return res;
  }
  const body = meteredWebBody(res.body);
  tallies.get(body)!.meters.push(meter);
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
