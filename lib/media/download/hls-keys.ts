import 'server-only';
import { createDecipheriv } from 'node:crypto';
import { AppError } from '@/lib/errors';
import { guardedFetch } from '@/lib/net/guarded-fetch';
import { RetryBudget, statusError, withRetries } from './retry-policy';

export interface KeyFetchOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  retries: number;
  stallMs: number;
}

async function fetchKey(url: string, opts: KeyFetchOptions): Promise<Buffer> {
  return withRetries(new RetryBudget(opts.retries, opts.signal), async () => {
    const res = await guardedFetch(url, {
      headers: opts.headers,
      signal: opts.signal,
      timeoutMs: opts.stallMs,
      idleTimeoutMs: opts.stallMs,
      maxBytes: 1024,
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw statusError(res.status);
    }
    const key = Buffer.from(await res.arrayBuffer());
    if (key.length !== 16) throw new AppError('upstream_failed', 'The stream has an invalid decryption key', { retryable: false });
    return key;
  });
}

/** AES-128 keys of one download, each fetched once however many segments share it. */
export function createKeyCache(opts: KeyFetchOptions): (url: string) => Promise<Buffer> {
  const keys = new Map<string, Promise<Buffer>>();
  return (url) => {
    let key = keys.get(url);
    if (!key) {
      key = fetchKey(url, opts);
      keys.set(url, key);
      // A failed fetch must not poison the cache for a later attempt.
      key.catch(() => keys.delete(url));
    }
    return key;
  };
}

export function decryptSegment(data: Buffer, key: Buffer, iv: Buffer): Buffer {
  try {
    const decipher = createDecipheriv('aes-128-cbc', key, iv);
    return Buffer.concat([decipher.update(data), decipher.final()]);
  } catch {
    // Bad padding: a truncated segment or the wrong key, which another fetch of the same bytes will not fix.
    throw new AppError('upstream_failed', 'A segment could not be decrypted', { retryable: false });
  }
}
