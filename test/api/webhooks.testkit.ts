import { createHmac, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import type { Db } from '@/lib/db';
import { allowOrigins, startLoopbackServer, type LoopbackServer } from '@/lib/net/loopback-server.testkit';

/** One request a receiver got: its headers and raw body, and when it came. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  path: string;
  body: string;
  at: number;
}

/** A webhook endpoint on loopback: answers each request with the next status of `statuses` (the last one repeats). */
export async function startReceiver(statuses: number[] = [200]): Promise<LoopbackServer & { received: Received[] }> {
  const received: Received[] = [];
  const server = await startLoopbackServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)];
      // A redirect points at another path of this same receiver: were it followed, a second request would arrive.
      if (res.statusCode >= 300 && res.statusCode < 400) res.setHeader('location', '/followed');
      res.end('answer bodies are never stored');
    });
  });
  return Object.assign(server, { received });
}

/**
 * What a receiver does with `Grabline-Signature: t=…,v1=…`: the HMAC-SHA256 of "<t>.<raw body>" under the secret,
 * compared in constant time, and a timestamp no older than the tolerance.
 */
export function verifySignature(secret: string, header: string | undefined, body: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * A store with user `u1` and a receiver answering `statuses`, allowed past the guard (MEDIA_FETCH_ALLOW) until
 * `close()`, which also closes both.
 */
export async function openStoreAndReceiver(create: () => Promise<Db>, statuses: number[]): Promise<{ db: Db; receiver: Receiver; close(): Promise<void> }> {
  const db = await create();
  const receiver = await startReceiver(statuses);
  allowOrigins(receiver.hostPort);
  await db.run('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)', ['u1', 'a@example.com', 'h', 1]);
  return {
    db,
    receiver,
    async close() {
      delete process.env.MEDIA_FETCH_ALLOW;
      await receiver.close();
      await db.close();
    },
  };
}
