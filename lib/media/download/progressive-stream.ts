import 'server-only';
import { Readable } from 'node:stream';
import { AppError } from '@/lib/errors';
import { requestRange, type RangeResponse } from './range-request';
import { abortReason, finalError, type RetryBudget } from './retry-policy';

export interface ProgressivePlan {
  url: string;
  headers?: Record<string, string>;
  /** next absolute offset to deliver */
  position: number;
  /** absolute, inclusive; undefined while the length is unknown */
  last?: number;
  total?: number;
  chunkSize?: number;
  acceptsRanges: boolean;
  validator?: string;
  stallMs: number;
  budget: RetryBudget;
  /** aborted by the caller's signal or by destroying the stream */
  signal: AbortSignal;
  onBytes?: (n: number) => void;
}

function lostConnection(): AppError {
  return new AppError('upstream_failed', 'The connection to the source was lost');
}

/**
 * The bytes [position, last] of one remote file as a Node stream. Pulls from the current response only when
 * the consumer wants more (so memory stays at one chunk plus the stream's buffer), and swaps in a ranged
 * request whenever a response ends early, fails or stalls — or, in chunked mode, when its chunk is done.
 */
export class ProgressiveStream extends Readable {
  private current: RangeResponse | null;
  private wanted = false;
  private pumping = false;

  constructor(
    first: RangeResponse,
    private readonly plan: ProgressivePlan,
    private readonly onDestroy: () => void,
  ) {
    super({ highWaterMark: 1024 * 1024 });
    this.current = first;
  }

  override _read(): void {
    this.wanted = true;
    if (!this.pumping) void this.pump();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.release();
    this.onDestroy();
    callback(error);
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      while (this.wanted && !this.destroyed) {
        const chunk = await this.nextChunk();
        if (this.destroyed) return;
        if (chunk === null) {
          this.push(null);
          return;
        }
        this.plan.onBytes?.(chunk.length);
        // A push may call _read again synchronously; keep that request rather than lose it.
        this.wanted = false;
        this.wanted = this.push(chunk) || this.wanted;
      }
    } catch (error) {
      this.destroy(error instanceof Error ? error : new Error(String(error)));
    } finally {
      this.pumping = false;
    }
  }

  private release(): void {
    this.current?.reader.cancel().catch(() => undefined);
    this.current = null;
  }

  private done(): boolean {
    return this.plan.last !== undefined && this.plan.position > this.plan.last;
  }

  private async nextChunk(): Promise<Buffer | null> {
    const plan = this.plan;
    for (;;) {
      if (this.done()) {
        this.release();
        return null;
      }
      try {
        this.current ??= await this.reopen();
        const response = this.current;
        const { value, done } = await response.reader.read();
        if (done) {
          this.current = null;
          if (response.end !== undefined && plan.position <= response.end) throw lostConnection();
          // A body of unknown length that ended cleanly is the whole file; a finished chunk is not.
          if (plan.last === undefined) return null;
          continue;
        }
        const chunk = this.trim(response, Buffer.from(value.buffer, value.byteOffset, value.byteLength));
        if (chunk.length === 0) continue;
        plan.position += chunk.length;
        plan.budget.progressed(chunk.length);
        return chunk;
      } catch (error) {
        this.release();
        if (plan.signal.aborted) throw abortReason(plan.signal);
        if (!plan.acceptsRanges) throw error;
        await plan.budget.afterFailure(error);
      }
    }
  }

  /** Drops bytes before `position` (a source that ignored our Range) and after `last`. */
  private trim(response: RangeResponse, chunk: Buffer): Buffer {
    const { position, last } = this.plan;
    const chunkStart = response.start;
    response.start += chunk.length;
    let from = Math.max(0, position - chunkStart);
    if (from >= chunk.length) return chunk.subarray(0, 0);
    let to = chunk.length;
    if (last !== undefined) to = Math.min(to, last - chunkStart + 1);
    if (from === 0 && to === chunk.length) return chunk;
    from = Math.min(from, to);
    return chunk.subarray(from, to);
  }

  /** The next request: the rest of the file (or of the chunk), from the first byte we do not have yet. */
  private async reopen(): Promise<RangeResponse> {
    const plan = this.plan;
    let end = plan.last;
    if (plan.chunkSize && end !== undefined) end = Math.min(end, plan.position + plan.chunkSize - 1);
    const response = await requestRange(plan.url, {
      start: plan.position,
      end,
      headers: plan.headers,
      ifRange: plan.validator,
      signal: plan.signal,
      stallMs: plan.stallMs,
    });
    const moved = plan.total !== undefined && response.total !== undefined && response.total !== plan.total;
    if ((response.start !== plan.position && plan.position > 0) || moved) {
      await response.reader.cancel().catch(() => undefined);
      throw finalError('The file changed on the source during the download');
    }
    return response;
  }
}
