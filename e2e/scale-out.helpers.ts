import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/* eslint-disable @typescript-eslint/no-explicit-any -- e2e/scale-out.spec.ts reads the API envelopes loosely */

/** POST `body` (or GET without one) and return the envelope's `data`; a failed envelope throws with its code. */
export async function json(url: string, body?: unknown): Promise<any> {
  const res = await fetch(url, body === undefined ? {} : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { success: boolean; data?: any; code?: string; error?: string };
  if (!envelope.success) throw new Error(`${url}: ${res.status} ${envelope.code} ${envelope.error}`);
  return envelope.data;
}

/**
 * Reads a job's status stream (`Accept: text/event-stream`) until the server ends it, and returns every state it
 * sent. A stream cut by a reset rejects; one the server closed resolves.
 */
export async function followStatus(url: string): Promise<any[]> {
  const res = await fetch(url, { headers: { accept: 'text/event-stream' } });
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
  const states: any[] = [];
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = event.split('\n').find((line) => line.startsWith('data: '));
      if (data) states.push(JSON.parse(data.slice(6)).data);
    }
  }
  return states;
}

/** `npm run worker` as deployed (node + the worker script); resolves once it takes jobs. */
export function startWorker(env: Record<string, string>, waitMs = 60_000): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/worker.mjs'], {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the worker did not start')), waitMs);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('[worker] taking jobs')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code}: ${out}`)));
  });
}

/** Sends `signal` and waits for the process to exit. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * A schema of its own in the test PostgreSQL (TEST_DATABASE_URL), and the URL every node connects with: the
 * server sets each connection's search_path to it.
 */
export async function testSchema(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `scale_${randomBytes(8).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE SCHEMA ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => run(`DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
}

/** One field of a BullMQ job's hash (`pb`: the worker that took it; `finishedOn`), read straight from Redis. */
export async function hashField(redisUrl: string, jobKey: string, field: string): Promise<string> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    return (await client.hget(jobKey, field)) ?? '';
  } finally {
    client.disconnect();
  }
}
