import 'server-only';

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/**
 * YouTube proof-of-origin tokens in a worker: off (PO_TOKENS unset), unavailable (the engine has no provider interface,
 * or Deno or bgutils-js is missing), ready (none asked for yet), working or failing (how the last mint went).
 */
export type PoTokenState = 'off' | 'unavailable' | 'ready' | 'working' | 'failing';

/** One answer line from worker.py. */
export interface WorkerReply {
  id: number;
  ok: boolean;
  info?: unknown;
  version?: string;
  jsRuntime?: string | null;
  poToken?: PoTokenState;
  error?: { code: string; message: string; classes?: string[] };
}

export type WorkerRequest =
  | { id: number; url: string; options: { proxy?: string; noplaylist?: boolean; socketTimeout?: number; cookies?: string } }
  | { id: number; cmd: 'version' | 'engine' }
  | { id: number; cmd: 'warm'; options: { proxy?: string; socketTimeout?: number } };

export interface WorkerConfig {
  python: string;
  script: string;
  env: Record<string, string>;
}

export interface WorkerHandle {
  readonly pid: number | undefined;
  /** True once the worker has imported yt_dlp and said so. */
  readonly warm: boolean;
  /** Settles once the process is gone (or never started). */
  readonly exited: Promise<void>;
  /** Sends one request; the worker answers requests in order, the pool sends one at a time. */
  request(message: WorkerRequest): Promise<WorkerReply>;
  kill(): void;
}

/** A YouTube info dict is ~1 MB; anything far beyond is a runaway we would rather not buffer. */
const MAX_LINE_CHARS = 64 * 1024 * 1024;

export function spawnWorker(config: WorkerConfig, onExit: (worker: WorkerHandle) => void): WorkerHandle {
  const child: ChildProcessWithoutNullStreams = spawn(config.python, ['-u', '-s', config.script], {
    env: config.env as NodeJS.ProcessEnv, // complete on purpose: nothing inherited
    stdio: ['pipe', 'pipe', 'pipe'],
    // Its own process group, so a kill also reaches anything yt-dlp started (a JS runtime).
    detached: true,
  });
  let warm = false;
  let exited = false;
  let markExited: () => void = () => {};
  const exitedPromise = new Promise<void>((resolve) => (markExited = resolve));
  let waiting: { id: number; resolve: (reply: WorkerReply) => void; reject: (error: Error) => void } | null = null;

  const handle: WorkerHandle = {
    get pid() {
      return child.pid;
    },
    get warm() {
      return warm;
    },
    exited: exitedPromise,
    request(message) {
      if (exited) return Promise.reject(new Error('worker exited'));
      if (waiting) return Promise.reject(new Error('worker busy'));
      return new Promise<WorkerReply>((resolve, reject) => {
        waiting = { id: message.id, resolve, reject };
        child.stdin.write(JSON.stringify(message) + '\n');
      });
    },
    kill() {
      if (exited || child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    },
  };

  const finish = () => {
    if (exited) return;
    exited = true;
    const pending = waiting;
    waiting = null;
    pending?.reject(new Error('worker exited'));
    markExited();
    onExit(handle);
  };

  const onLine = (line: string) => {
    let reply: (WorkerReply & { ready?: boolean }) | null = null;
    try {
      reply = JSON.parse(line);
    } catch {
      return;
    }
    if (!reply) return;
    if (reply.ready) {
      warm = true;
      return;
    }
    if (waiting && reply.id === waiting.id) {
      const pending = waiting;
      waiting = null;
      pending.resolve(reply);
    }
  };

  let parts: string[] = [];
  let partsLength = 0;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    let start = 0;
    for (let newline = chunk.indexOf('\n'); newline !== -1; newline = chunk.indexOf('\n', start)) {
      parts.push(chunk.slice(start, newline));
      const line = parts.join('');
      parts = [];
      partsLength = 0;
      start = newline + 1;
      onLine(line);
    }
    if (start < chunk.length) {
      parts.push(chunk.slice(start));
      partsLength += chunk.length - start;
      if (partsLength > MAX_LINE_CHARS) handle.kill();
    }
  });
  // yt-dlp's own chatter goes to stderr; drain it so a full pipe never blocks the worker.
  child.stderr.resume();
  child.stdin.on('error', () => handle.kill());
  child.on('error', finish);
  child.on('exit', finish);
  return handle;
}
