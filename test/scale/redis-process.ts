import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A loopback port nobody holds right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RedisProcess {
  url: string;
  /** SIGKILL-free restart: SIGTERM (Redis flushes its append-only file), then the same port and directory again. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function waitForPort(port: number, ms = 10_000): Promise<void> {
  const { connect } = await import('node:net');
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket.end() && true)).on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not open port ${port}`);
}

/**
 * Debian's redis-server of a test's own: loopback, a port of its own, persistence by append-only file (fsync every
 * write) into a temp dir, so a restart keeps every queued job.
 */
export async function startRedis(): Promise<RedisProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'grabline-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('/usr/bin/redis-server', [
      '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always',
      '--save', '', '--protected-mode', 'yes',
    ], { stdio: 'ignore' });
    await waitForPort(port);
  };
  const halt = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}/0`,
    async restart() {
      await halt();
      await start();
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
