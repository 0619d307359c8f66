import 'server-only';

import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { getEgressProxy } from '@/lib/net/egress-proxy';

import type { YtdlpInfo } from './types';
import { replyError } from './error-map';
import { denoBinary, resolveEngine, type EngineInstall } from './engine';
import { createWorkerHome, workerConfigFor } from './worker-env';
import { spawnWorker, type PoTokenState, type WorkerConfig, type WorkerHandle, type WorkerReply, type WorkerRequest } from './worker-process';

export interface YtdlpPoolOptions {
  /** Workers at most (default 2, env YTDLP_POOL_SIZE). Each holds ~60 MB once warm. */
  size?: number;
  /** Per request, from the moment a worker takes it (default 45 s); past it the worker is killed. */
  timeoutMs?: number;
  /**
   * The egress proxy every yt-dlp request goes through (default: the process's shared one); a function is asked
   * once per extraction. A worker can open no connection but to it.
   */
  proxyUrl?: string | (() => Promise<string>);
  /** Must be the interpreter that can import yt_dlp (Debian's, not the first python3 on PATH). */
  python?: string;
  /** Requests allowed to wait for a worker before we answer `unavailable` (default 200). */
  maxQueue?: number;
  /** Defaults to lib/media/ytdlp/worker.py under the working directory (Next runs from the repo root). */
  workerScript?: string;
  /** A newer yt-dlp copy to prefer over every other (default env YTDLP_PYTHONPATH). */
  pythonPath?: string;
  /** The engine folder whose `current` version the workers run (default: the configured one). */
  engineDir?: string;
  /** The Deno binary handed to yt-dlp for YouTube's challenges (default: the npm package's); null for none. */
  deno?: string | null;
  /** How often the pool looks whether `current` was switched, besides before every spawn (default 5 s). */
  engineCheckMs?: number;
}

export interface YtdlpPoolState {
  size: number;
  busy: number;
  idle: number;
  queued: number;
  /** Workers spawned since the pool was created. */
  started: number;
  /** Workers that died (crash, timeout) while the pool was open. */
  restarts: number;
  /** Which engine new workers start on, and how many workers still run an older one (they drain, then stop). */
  engine: { key: string; source: EngineInstall['source']; draining: number };
}

export interface YtdlpPool {
  /** `cookies`: Netscape cookie lines for this one extraction (already filtered to the platform's hosts). */
  extract(url: string, options?: { signal?: AbortSignal; noplaylist?: boolean; cookies?: string }): Promise<YtdlpInfo>;
  version(): Promise<string>;
  /** yt-dlp's version and the JS runtime it accepts ('deno-2.9.6'), asked of a worker on the current engine. */
  engineInfo(): Promise<{ version: string; jsRuntime: string | null; poToken: PoTokenState }>;
  /** Looks at once whether the engine was switched; idle workers on the old one are replaced. */
  refresh(): void;
  /** Starts every worker now, so the first user does not pay the ~1 s import. */
  warm(): void;
  state(): YtdlpPoolState;
  close(): Promise<void>;
}

type Command =
  | { url: string; options: { proxy?: string; noplaylist?: boolean; socketTimeout?: number; cookies?: string } }
  | { cmd: 'version' | 'engine' }
  | { cmd: 'warm'; options: { proxy?: string; socketTimeout?: number } };

interface Job {
  command: Command;
  settle: (error: Error | null, reply?: WorkerReply) => void;
  done: boolean;
}

/** yt-dlp gives up on a silent socket before we kill its worker, so a slow site gets an answer, not a kill. */
const SOCKET_TIMEOUT_S = 20;

export function createYtdlpPool(options: YtdlpPoolOptions = {}): YtdlpPool {
  const size = Math.max(1, options.size ?? config().env.YTDLP_POOL_SIZE);
  const timeoutMs = options.timeoutMs ?? 45_000;
  const maxQueue = options.maxQueue ?? 200;
  const home = createWorkerHome();
  const deno = options.deno === undefined ? denoBinary() : options.deno;
  const script = options.workerScript ?? join(process.cwd(), 'lib', 'media', 'ytdlp', 'worker.py');
  let engine = currentEngine();
  let workerConfig = configFor(engine);

  function currentEngine(): EngineInstall {
    return resolveEngine({ pythonPath: options.pythonPath, dir: options.engineDir });
  }

  function configFor(install: EngineInstall): WorkerConfig {
    return workerConfigFor(install, { home, script, deno, python: options.python, engineDir: options.engineDir });
  }

  /**
   * A switched engine takes over without failing anything in flight: new workers start on it, idle workers on
   * the old one stop now, busy ones stop when their answer is in.
   */
  function checkEngine(): void {
    const next = currentEngine();
    if (next.key === engine.key) return;
    engine = next;
    workerConfig = configFor(next);
    for (const worker of [...idle]) {
      if (workerKey.get(worker) !== engine.key) retire(worker);
    }
    if (warmed) while (!closed && workers.size - retiring.size < size) idle.push(spawnOne());
    dispatch();
  }

  function retire(worker: WorkerHandle): void {
    const at = idle.indexOf(worker);
    if (at !== -1) idle.splice(at, 1);
    retiring.add(worker);
    worker.kill();
  }

  const workerKey = new Map<WorkerHandle, string>();
  const retiring = new Set<WorkerHandle>();
  let warmed = false;
  const engineTimer = setInterval(checkEngine, options.engineCheckMs ?? 5_000);
  engineTimer.unref();
  const workers = new Set<WorkerHandle>();
  const idle: WorkerHandle[] = [];
  const running = new Map<WorkerHandle, Job>();
  const queue: Job[] = [];
  let nextId = 1;
  let started = 0;
  let restarts = 0;
  let closed = false;

  const spawnOne = (): WorkerHandle => {
    started += 1;
    const worker = spawnWorker(workerConfig, onExit);
    workers.add(worker);
    workerKey.set(worker, engine.key);
    return worker;
  };

  function onExit(worker: WorkerHandle) {
    workers.delete(worker);
    workerKey.delete(worker);
    const at = idle.indexOf(worker);
    if (at !== -1) idle.splice(at, 1);
    const job = running.get(worker);
    running.delete(worker);
    job?.settle(new AppError('upstream_failed', 'The extraction engine stopped unexpectedly'));
    if (retiring.delete(worker)) {
      dispatch(); // a drained worker of an older engine: its place goes to one on the current engine
      return;
    }
    if (closed) return;
    restarts += 1;
    // Keep the pool warm after losing a warm worker; a worker that never got warm (broken install) is only
    // retried on demand, so a bad setup cannot spin.
    if (worker.warm && queue.length === 0) idle.push(spawnOne());
    dispatch();
  }

  function run(worker: WorkerHandle, job: Job) {
    running.set(worker, job);
    const timer = setTimeout(() => {
      job.settle(new AppError('upstream_timeout', 'The site took too long to answer'));
      worker.kill();
    }, timeoutMs);
    worker.request({ id: nextId++, ...job.command } as WorkerRequest).then(
      (reply) => {
        clearTimeout(timer);
        running.delete(worker);
        job.settle(null, reply);
        if (closed) return;
        if (workerKey.get(worker) !== engine.key) retire(worker);
        else idle.push(worker);
        dispatch();
      },
      () => clearTimeout(timer), // onExit settles the job and replaces the worker
    );
  }

  function dispatch() {
    while (!closed && queue.length > 0) {
      const job = queue[0];
      if (job.done) {
        queue.shift(); // cancelled while waiting
        continue;
      }
      const worker = idle.pop() ?? (workers.size - retiring.size < size ? spawnOne() : undefined);
      if (!worker) return;
      queue.shift();
      run(worker, job);
    }
  }

  function submit(command: Command, signal?: AbortSignal): Promise<WorkerReply> {
    if (closed) return Promise.reject(new AppError('unavailable', 'The extraction engine is shut down'));
    if (signal?.aborted) return Promise.reject(cancelled());
    if (queue.length >= maxQueue) return Promise.reject(new AppError('unavailable', 'Too many extractions waiting'));
    checkEngine();
    return new Promise<WorkerReply>((resolve, reject) => {
      const onAbort = () => job.settle(cancelled());
      const job: Job = {
        command,
        done: false,
        settle(error, reply) {
          if (job.done) return;
          job.done = true;
          signal?.removeEventListener('abort', onAbort);
          if (error) reject(error);
          else resolve(reply as WorkerReply);
        },
      };
      // An abort while running detaches the caller; the worker finishes (or times out) and stays warm.
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(job);
      dispatch();
    });
  }

  async function resolveProxy(): Promise<string> {
    const source = options.proxyUrl ?? (async () => (await getEgressProxy()).url);
    if (typeof source !== 'function') return source;
    try {
      return await source();
    } catch {
      throw new AppError('unavailable', 'The egress proxy is not available');
    }
  }

  return {
    async extract(url, { signal, noplaylist, cookies } = {}) {
      const proxy = await resolveProxy();
      const reply = await submit({ url, options: { proxy, noplaylist, socketTimeout: SOCKET_TIMEOUT_S, cookies } }, signal);
      if (!reply.ok) throw replyError(reply);
      return reply.info as YtdlpInfo;
    },
    async version() {
      const reply = await submit({ cmd: 'version' });
      if (!reply.ok || !reply.version) throw replyError(reply);
      return reply.version;
    },
    async engineInfo() {
      const reply = await submit({ cmd: 'engine' });
      if (!reply.ok || !reply.version) throw replyError(reply);
      return { version: reply.version, jsRuntime: reply.jsRuntime ?? null, poToken: reply.poToken ?? 'off' };
    },
    refresh() {
      if (!closed) checkEngine();
    },
    warm() {
      warmed = true;
      checkEngine();
      let spawned = 0;
      while (!closed && workers.size - retiring.size < size) {
        idle.push(spawnOne());
        spawned += 1;
      }
      // Each new worker also runs the request path once (no network), so the first analysis is as fast as the next.
      if (spawned > 0) {
        void resolveProxy().then((proxy) => {
          for (let i = 0; i < spawned; i += 1) submit({ cmd: 'warm', options: { proxy, socketTimeout: SOCKET_TIMEOUT_S } }).catch(() => undefined);
        }, () => undefined);
      }
    },
    state() {
      return {
        size, busy: running.size, idle: idle.length, queued: queue.filter((job) => !job.done).length, started, restarts,
        engine: { key: engine.key, source: engine.source, draining: [...workers].filter((w) => workerKey.get(w) !== engine.key).length },
      };
    },
    async close() {
      closed = true;
      clearInterval(engineTimer);
      for (const job of queue.splice(0)) job.settle(new AppError('unavailable', 'The extraction engine is shut down'));
      const exits = [...workers].map((worker) => worker.exited);
      for (const [, job] of running) job.settle(new AppError('unavailable', 'The extraction engine is shut down'));
      for (const worker of workers) worker.kill();
      await Promise.all(exits);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

function cancelled(): AppError {
  return new AppError('unavailable', 'The extraction was cancelled', { cancelled: true });
}
