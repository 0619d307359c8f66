import 'server-only';
import { Readable } from 'node:stream';

export interface OrderedSegmentsOptions {
  total: number;
  /** fetches in flight at once to begin with */
  concurrency: number;
  /**
   * Adaptive: the limit grows from `concurrency` towards this while segments are small enough that twice the
   * limit of them fits `memoryBudget` — many small segments are dominated by the wait for each answer, and more
   * of them in flight hides it. Defaults to `concurrency` (fixed).
   */
  maxConcurrency?: number;
  /** bytes of finished segments we accept holding at once (default 64 MiB) */
  memoryBudget?: number;
  fetch: (index: number) => Promise<Buffer>;
  /** called as each piece is handed on, in order */
  onEmit?: (index: number, bytes: number) => void;
  onDestroy: () => void;
}

/**
 * Pieces fetched `concurrency` at a time and handed on strictly in order. A finished piece waits in memory for
 * its turn; no piece starts more than 2 × concurrency ahead of the one being handed on, so a slow head (one
 * segment retrying) or a slow consumer bounds memory instead of letting it grow with the stream.
 */
export class OrderedSegmentStream extends Readable {
  private nextToStart = 0;
  private nextToEmit = 0;
  private inFlight = 0;
  private wanted = false;
  private readonly ready = new Map<number, Buffer>();
  private limit: number;
  private fetchedCount = 0;
  private fetchedBytes = 0;

  constructor(private readonly opts: OrderedSegmentsOptions) {
    // A small mark: each push is a whole segment, so the stream's own buffer holds about one.
    super({ highWaterMark: 64 * 1024 });
    this.limit = opts.concurrency;
    this.fill();
  }

  /** The limit in force now (tests, benches). */
  get concurrency(): number {
    return this.limit;
  }

  private adapt(size: number): void {
    this.fetchedCount++;
    this.fetchedBytes += size;
    const max = this.opts.maxConcurrency ?? this.opts.concurrency;
    if (this.limit >= max) return;
    const average = this.fetchedBytes / this.fetchedCount;
    const next = Math.min(max, this.limit + 2);
    if (average * next * 2 <= (this.opts.memoryBudget ?? 64 * 1024 * 1024)) this.limit = next;
  }

  override _read(): void {
    this.wanted = true;
    this.flush();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.ready.clear();
    this.opts.onDestroy();
    callback(error);
  }

  private fill(): void {
    const { total } = this.opts;
    const ahead = this.limit * 2;
    while (
      !this.destroyed &&
      this.inFlight < this.limit &&
      this.nextToStart < total &&
      this.nextToStart - this.nextToEmit < ahead
    ) {
      const index = this.nextToStart++;
      this.inFlight++;
      this.opts.fetch(index).then(
        (piece) => {
          this.inFlight--;
          if (this.destroyed) return;
          this.adapt(piece.length);
          this.ready.set(index, piece);
          this.fill();
          this.flush();
        },
        (error: unknown) => {
          this.inFlight--;
          if (!this.destroyed) this.destroy(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }
  }

  private flush(): void {
    if (!this.wanted || this.destroyed) return;
    if (this.nextToEmit === this.opts.total) {
      this.wanted = false;
      this.push(null);
      return;
    }
    const piece = this.ready.get(this.nextToEmit);
    if (!piece) return;
    const index = this.nextToEmit++;
    this.ready.delete(index);
    this.wanted = false;
    this.fill();
    this.opts.onEmit?.(index, piece.length);
    // An empty piece (a segment found not to be needed) hands nothing on: the next one is looked for instead.
    if (piece.length === 0) {
      this.wanted = true;
      this.flush();
      return;
    }
    this.push(piece);
  }
}
