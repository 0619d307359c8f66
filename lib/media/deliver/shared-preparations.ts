import 'server-only';
import { AppError } from '@/lib/errors';
import type { PreparedFile } from './prepare-offer';
import { makeWorkDir, removeDir, sweepTempDirs, tempTtlMs } from './temp-store';

export interface ReadyFile extends PreparedFile {
  dir: string;
  expiresAt: number;
}

type Work = (dir: string, signal: AbortSignal, onProgress: (fraction: number) => void) => Promise<PreparedFile>;

interface Flight {
  promise: Promise<ReadyFile>;
  controller: AbortController;
  waiters: number;
  progress: number;
  listeners: Set<(fraction: number) => void>;
  dir?: string;
}

export interface WaitOptions {
  /** The waiter going away (a client disconnecting) — the work stops when every waiter has gone. */
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

const SWEEP_EVERY_MS = 60_000;

/**
 * Prepared files by key (media id + itag): one preparation per key however many requests want it, the file
 * kept for the temp TTL, the work aborted and its files removed when every waiter has gone before it is done.
 */
export class SharedPreparations {
  private readonly ready = new Map<string, ReadyFile>();
  private readonly flights = new Map<string, Flight>();
  private lastSweep = 0;
  /** How many preparations actually ran (tests check that concurrent requests share one). */
  started = 0;

  constructor(private readonly now: () => number = Date.now) {}

  peek(key: string): ReadyFile | undefined {
    const file = this.ready.get(key);
    if (file && file.expiresAt > this.now()) return file;
    if (file) this.expire(key, file);
    return undefined;
  }

  get activeCount(): number {
    return this.flights.size;
  }

  prepare(key: string, work: Work, opts: WaitOptions = {}): Promise<ReadyFile> {
    opts.signal?.throwIfAborted();
    this.maybeSweep();
    const done = this.peek(key);
    if (done) return Promise.resolve(done);
    const flight = this.flights.get(key) ?? this.start(key, work);
    return this.wait(flight, opts);
  }

  private start(key: string, work: Work): Flight {
    this.started += 1;
    const flight: Flight = { controller: new AbortController(), waiters: 0, progress: 0, listeners: new Set(), promise: null! };
    const onProgress = (fraction: number) => {
      flight.progress = fraction;
      for (const listener of flight.listeners) listener(fraction);
    };
    flight.promise = (async () => {
      const dir = await makeWorkDir(key.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 48));
      flight.dir = dir;
      try {
        const prepared = await work(dir, flight.controller.signal, onProgress);
        const file: ReadyFile = { ...prepared, dir, expiresAt: this.now() + tempTtlMs() };
        this.ready.set(key, file);
        return file;
      } catch (error) {
        await removeDir(dir);
        throw error;
      } finally {
        this.flights.delete(key);
      }
    })();
    // Waiters that left still hold this promise; its rejection is theirs to ignore.
    flight.promise.catch(() => undefined);
    this.flights.set(key, flight);
    return flight;
  }

  private wait(flight: Flight, opts: WaitOptions): Promise<ReadyFile> {
    flight.waiters += 1;
    const listener = opts.onProgress;
    if (listener) {
      flight.listeners.add(listener);
      if (flight.progress > 0) listener(flight.progress);
    }
    return new Promise<ReadyFile>((resolve, reject) => {
      const leave = () => {
        if (listener) flight.listeners.delete(listener);
        opts.signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        leave();
        flight.waiters -= 1;
        if (flight.waiters === 0) flight.controller.abort(new AppError('unavailable', 'The download was cancelled', { cancelled: true }));
        reject(new AppError('unavailable', 'The download was cancelled', { cancelled: true }));
      };
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (file) => (leave(), resolve(file)),
        (error: unknown) => (leave(), reject(error)),
      );
    });
  }

  private expire(key: string, file: ReadyFile): void {
    if (this.ready.get(key) === file) this.ready.delete(key);
    // A client still reading it keeps its open descriptor: unlinking does not cut a download short.
    void removeDir(file.dir);
  }

  private maybeSweep(): void {
    if (this.now() - this.lastSweep < Math.min(SWEEP_EVERY_MS, tempTtlMs())) return;
    this.lastSweep = this.now();
    void this.sweep();
  }

  /** Drops expired files, then any work dir on disk older than the TTL that nothing here uses. */
  async sweep(): Promise<void> {
    for (const [key, file] of this.ready) if (file.expiresAt <= this.now()) this.expire(key, file);
    const inUse = new Set<string>();
    for (const file of this.ready.values()) inUse.add(file.dir);
    for (const flight of this.flights.values()) if (flight.dir) inUse.add(flight.dir);
    await sweepTempDirs(inUse, this.now());
  }
}

const holder = globalThis as typeof globalThis & { __grablinePreparations?: SharedPreparations };

/** The process's preparations (on globalThis: Next dev reloads must not forget files being prepared). */
export function getPreparations(): SharedPreparations {
  if (!holder.__grablinePreparations) {
    const preparations = new SharedPreparations();
    holder.__grablinePreparations = preparations;
    // Expired files go even when nobody asks for anything.
    setInterval(() => void preparations.sweep(), SWEEP_EVERY_MS).unref();
  }
  return holder.__grablinePreparations;
}
