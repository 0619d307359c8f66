import 'server-only';
import { Readable } from 'node:stream';

export interface OrderedSegmentsOptions {
  total: number;
  /** most fetches in flight at once */
  concurrency: number;
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

  constructor(private readonly opts: OrderedSegmentsOptions) {
    // A small mark: each push is a whole segment, so the stream's own buffer holds about one.
    super({ highWaterMark: 64 * 1024 });
    this.fill();
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
    const { total, concurrency } = this.opts;
    const ahead = concurrency * 2;
    while (
      !this.destroyed &&
      this.inFlight < concurrency &&
      this.nextToStart < total &&
      this.nextToStart - this.nextToEmit < ahead
    ) {
      const index = this.nextToStart++;
      this.inFlight++;
      this.opts.fetch(index).then(
        (piece) => {
          this.inFlight--;
          if (this.destroyed) return;
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
    this.push(piece);
  }
}
