import 'server-only';
import type { Readable } from 'node:stream';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import type { FileStore, OpenedFile, StoredFile } from './file-store';
import { directoryFileStore } from './file-store-dir';
import type { PreparedFile } from './prepared-file';
import { expiredLink } from './resolve-offer';
import { makeWorkDir, removeDir, sweepTempDirs, tempTtlMs } from './temp-store';

/** A prepared file ready to serve: in the file store, under its offer's key, until `expiresAt`. */
export type ReadyFile = StoredFile;

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

/** A store that cannot be read (a shared mount gone) is the server's trouble: 503, never an expired link. */
function storeDown(error: unknown): never {
  console.error('[deliver] the file store did not answer', error);
  throw new AppError('unavailable', 'The service is busy right now. Please try again in a moment.');
}

// One store object per directory: FILE_STORE_DIR (every node's) or this node's `<TEMP_DIR>/.ready`.
const stores = new Map<string, FileStore>();
export function fileStore(): FileStore {
  const root = config().fileStoreDir;
  let store = stores.get(root);
  if (!store) stores.set(root, (store = directoryFileStore(root)));
  return store;
}

/**
 * Prepared files by key (media id + itag): one preparation per key in this process however many requests want
 * it, done in a work dir of this node's, then handed to the file store, where every node pointing at the same
 * store finds it for the temp TTL. The work is aborted and its files removed when every waiter has gone before
 * it is done. Two nodes asked for the same file at the same moment may each prepare it; the store keeps one.
 */
export class SharedPreparations {
  private readonly flights = new Map<string, Flight>();
  private lastSweep = 0;
  /** How many preparations actually ran (tests check that concurrent requests share one). */
  started = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly store: () => FileStore = fileStore,
  ) {}

  /** The finished file for `key`, whichever node prepared it, while it lives. */
  peek(key: string): Promise<ReadyFile | undefined> {
    return this.store().stat(key).catch(storeDown);
  }

  /** Keeps a ready file until `until` (a background download kept for its owner); never shortens its life. */
  keep(key: string, until: number): Promise<boolean> {
    return this.store().keep(key, until).catch(storeDown);
  }

  /** Opens a ready file to serve it; a file swept meanwhile is an expired link. */
  async open(file: ReadyFile): Promise<OpenedFile> {
    const opened = await this.store().open(file.key).catch(storeDown);
    if (!opened) throw expiredLink();
    return opened;
  }

  /** A ready file's bytes, whole (an archive's entry). */
  async read(file: ReadyFile): Promise<Readable> {
    return (await this.open(file)).stream();
  }

  get activeCount(): number {
    return this.flights.size;
  }

  async prepare(key: string, work: Work, opts: WaitOptions = {}): Promise<ReadyFile> {
    opts.signal?.throwIfAborted();
    this.maybeSweep();
    const running = this.flights.get(key);
    if (running) return this.wait(running, opts);
    const done = await this.peek(key);
    if (done) return done;
    opts.signal?.throwIfAborted();
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
        // Only the finished file enters the store; the work dir goes at once.
        return await this.store().put(key, prepared.file, this.now() + tempTtlMs());
      } finally {
        await removeDir(dir);
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

  private maybeSweep(): void {
    if (this.now() - this.lastSweep < Math.min(SWEEP_EVERY_MS, tempTtlMs())) return;
    this.lastSweep = this.now();
    void this.sweep();
  }

  /**
   * Drops the store's expired files (a client already reading one keeps its open file), then any work dir on
   * this node older than the TTL, or left by a dead process, that nothing here uses. Failures are logged.
   */
  async sweep(): Promise<void> {
    try {
      const store = this.store();
      for (const key of await store.listExpired(this.now())) await store.delete(key);
      const inUse = new Set<string>();
      for (const flight of this.flights.values()) if (flight.dir) inUse.add(flight.dir);
      await sweepTempDirs(inUse, this.now());
    } catch (error) {
      console.error('[deliver] the sweep of prepared files failed', error);
    }
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
