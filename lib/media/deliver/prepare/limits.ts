import 'server-only';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';

export const limits = {
  maxDurationS: () => config().env.MAX_DURATION_S,
  maxFileBytes: () => config().env.MAX_FILESIZE_BYTES,
  maxDownloadsPerIp: () => config().env.MAX_DOWNLOADS_PER_IP,
  /** No byte from the origin for this long: that request is abandoned (and retried from where it stopped). */
  stallMs: () => config().env.MEDIA_STALL_TIMEOUT_MS,
  /** A file must be prepared within this long, however steadily the origin trickles. */
  deadlineMs: () => config().env.DOWNLOAD_DEADLINE_MS,
};

export function tooSlow(): AppError {
  return new AppError('upstream_timeout', 'The site sent the file too slowly to finish in time');
}

/** "3 hour", "90 minute": the limit as an adjective, as in "the 3 hour limit". */
function limitText(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour`;
  if (seconds % 60 === 0) return `${seconds / 60} minute`;
  return `${seconds} second`;
}

export function assertDurationAllowed(duration: number | undefined, isLive = false): void {
  if (isLive) throw new AppError('live_not_supported', 'Live streams cannot be downloaded');
  const max = limits.maxDurationS();
  if (duration !== undefined && duration > max) {
    throw new AppError('too_long', `This media is longer than the ${limitText(max)} limit`, { maxSeconds: max });
  }
}

export function tooLarge(): AppError {
  const gb = limits.maxFileBytes() / 1024 ** 3;
  const text = gb >= 1 ? `${Number(gb.toFixed(1))} GB` : `${Math.round(limits.maxFileBytes() / 1024 ** 2)} MB`;
  return new AppError('too_large', `This file is larger than the ${text} limit`, { maxBytes: limits.maxFileBytes() });
}

export function assertSizeAllowed(bytes: number | undefined): void {
  if (bytes !== undefined && bytes > limits.maxFileBytes()) throw tooLarge();
}

/**
 * For a body whose size shows only as it arrives (no Content-Length): counts its bytes as they pass and calls
 * `stop` with too_large, once, when they go past the limit — before the chunk that crosses it is handed on.
 */
export function sizeLimiter(stop: (error: AppError) => void): (bytes: number) => void {
  const max = limits.maxFileBytes();
  let seen = 0;
  return (bytes) => {
    const before = seen;
    seen += bytes;
    if (before <= max && seen > max) stop(tooLarge());
  };
}

const holder = globalThis as typeof globalThis & { __grablineDownloadSlots?: Map<string, number> };
const slots = () => (holder.__grablineDownloadSlots ??= new Map());

/** Takes one of the caller's concurrent-download slots; the returned release is idempotent. */
export function acquireDownloadSlot(key: string): () => void {
  const inUse = slots().get(key) ?? 0;
  if (inUse >= limits.maxDownloadsPerIp()) {
    throw new AppError('too_many_downloads', 'Too many downloads at once. Wait for one to finish.', { limit: limits.maxDownloadsPerIp() });
  }
  slots().set(key, inUse + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (slots().get(key) ?? 1) - 1;
    if (left > 0) slots().set(key, left);
    else slots().delete(key);
  };
}
