import 'server-only';
import { AppError } from '@/lib/errors';

const BASE_DELAY_MS = 200;
const MAX_DELAY_MS = 8_000;
/** A Retry-After longer than this is not worth holding a download (and its connection slot) for. */
const MAX_RETRY_AFTER_MS = 15_000;
/** A connection that delivered this much made real progress: the next failure starts a fresh budget. */
const PROGRESS_RESETS_AFTER = 1024 * 1024;
const RETRYABLE_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `Retry-After` as delta-seconds or an HTTP date → ms, capped; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = /^\s*\d+\s*$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), MAX_RETRY_AFTER_MS) : undefined;
}

/** An error answer from the source; `retryAfterMs` rides along so the backoff can honour it. */
export function statusError(status: number, retryAfterMs?: number): AppError {
  return new AppError('upstream_failed', 'The source answered with an error', { status, retryAfterMs });
}

/** A failure another attempt cannot fix (the file changed, the range is wrong): never retried. */
export function finalError(message: string): AppError {
  return new AppError('upstream_failed', message, { retryable: false });
}

/**
 * Worth another attempt: timeouts, lost connections and 5xx/429-style answers. Not: other 4xx, guard refusals
 * (private_address, too_large), aborts, redirect loops.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  if (error.code === 'upstream_timeout') return true;
  if (error.code !== 'upstream_failed') return false;
  const details = error.details ?? {};
  if (details.retryable === false || 'maxRedirects' in details) return false;
  return typeof details.status === 'number' ? RETRYABLE_STATUSES.has(details.status) : true;
}

/** Exponential backoff with jitter (so parallel segment retries do not hit the origin in lockstep). */
export function backoffDelay(attempt: number, retryAfterMs?: number): number {
  const exponential = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  const jittered = exponential / 2 + Math.random() * (exponential / 2);
  return Math.max(jittered, retryAfterMs ?? 0);
}

/**
 * Failures allowed before giving up, shared by every request of one download. Progress refills it, so a long
 * download survives many scattered drops, while a source that stalls after a few bytes each time still ends.
 */
export class RetryBudget {
  private failures = 0;
  private progress = 0;

  constructor(
    private readonly retries: number,
    private readonly signal?: AbortSignal,
  ) {}

  /** Waits out the backoff for `error`, or rethrows it when it is final or the budget is spent. */
  async afterFailure(error: unknown): Promise<void> {
    if (this.signal?.aborted) throw abortReason(this.signal);
    if (!isRetryable(error) || this.failures >= this.retries) throw error;
    const retryAfter = error instanceof AppError ? error.details?.retryAfterMs : undefined;
    await sleep(backoffDelay(this.failures, typeof retryAfter === 'number' ? retryAfter : undefined), this.signal);
    this.failures++;
    this.progress = 0;
  }

  progressed(bytes: number): void {
    this.progress += bytes;
    if (this.progress >= PROGRESS_RESETS_AFTER) this.failures = 0;
  }
}

export async function withRetries<T>(budget: RetryBudget, attempt: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      await budget.afterFailure(error);
    }
  }
}
