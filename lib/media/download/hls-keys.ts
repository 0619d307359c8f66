import 'server-only';
import { createDecipheriv } from 'node:crypto';
import { AppError } from '@/lib/errors';
import { drmProtected } from '@/lib/media/formats/bytes';
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

/**
 * SAMPLE-AES in packed AAC: every ADTS frame keeps its header and the first 16 bytes after it clear, then as many
 * whole 16-byte blocks as fit are AES-128-CBC encrypted (the chain restarting with the segment's IV in each frame),
 * and a trailing partial block is clear. Decrypted in place: the frames keep their sizes. Anything that is not a
 * run of ADTS frames is refused as DRM rather than delivered undecodable.
 */
export function decryptAdtsSamples(data: Buffer, key: Buffer, iv: Buffer): Buffer {
  const out = Buffer.from(data);
  let at = 0;
  while (at < out.length) {
    if (out.length - at < 7 || out[at] !== 0xff || (out[at + 1] & 0xf6) !== 0xf0) {
      throw drmProtected();
    }
    const header = out[at + 1] & 0x01 ? 7 : 9;
    const size = ((out[at + 3] & 0x03) << 11) | (out[at + 4] << 3) | (out[at + 5] >> 5);
    if (size < header || at + size > out.length) throw new AppError('upstream_failed', 'A segment is cut short', { retryable: false });
    const start = at + header + 16;
    const blocks = Math.max(0, Math.floor((at + size - start) / 16));
    if (blocks > 0) {
      const decipher = createDecipheriv('aes-128-cbc', key, iv).setAutoPadding(false);
      const plain = Buffer.concat([decipher.update(out.subarray(start, start + blocks * 16)), decipher.final()]);
      plain.copy(out, start);
    }
    at += size;
  }
  return out;
}
