import { AppError } from '@/lib/errors';
import type { Fetcher, UrlChecker } from './fetcher';
import { openBody } from './read-body';

/** What every step of one native analysis shares. */
export interface NativeContext {
  fetcher: Fetcher;
  /** Refuses URLs we must not fetch. Memoised per origin: the guard's verdict depends only on host and port. */
  check: (url: string) => Promise<void>;
  /** Checks every distinct origin among `urls`. */
  checkAll: (urls: Iterable<string>) => Promise<void>;
}

export function createContext(fetcher: Fetcher, checkUrl: UrlChecker): NativeContext {
  const verdicts = new Map<string, Promise<void>>();
  const check = (url: string) => {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      return Promise.reject(new AppError('invalid_url', 'This link is not valid'));
    }
    let verdict = verdicts.get(origin);
    if (!verdict) {
      verdict = checkUrl(url).then(() => undefined);
      verdicts.set(origin, verdict);
    }
    return verdict;
  };
  const checkAll = async (urls: Iterable<string>) => {
    const origins = new Map<string, string>();
    for (const url of urls) {
      try {
        origins.set(new URL(url).origin, url);
      } catch {
        throw new AppError('upstream_failed', 'The manifest has an unusable URL');
      }
    }
    await Promise.all([...origins.values()].map(check));
  };
  return { fetcher, check, checkAll };
}

export const TEXT_MAX_BYTES = 5 * 1024 * 1024;

/** A playlist or manifest as text, its URL checked first and its final URL (after redirects) returned. */
export async function fetchManifest(ctx: NativeContext, url: string, signal?: AbortSignal): Promise<{ text: string; url: string }> {
  await ctx.check(url);
  const res = await ctx.fetcher(url, { timeoutMs: 15_000, ...(signal ? { signal } : {}) });
  const body = openBody(res);
  try {
    if (!res.ok) throw new AppError('upstream_failed', 'The source answered with an error', { status: res.status });
    const finalUrl = res.url || url;
    if (finalUrl !== url) await ctx.check(finalUrl);
    const bytes = await body.read(TEXT_MAX_BYTES + 1);
    if (bytes.length > TEXT_MAX_BYTES) throw new AppError('upstream_failed', 'The manifest is too large');
    return { text: bytes.toString('utf8'), url: finalUrl };
  } finally {
    await body.cancel();
  }
}

/** Runs `work` over `items` with at most `limit` at a time, keeping order; failures are returned, not thrown. */
export async function mapLimited<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>) {
  const results: ({ ok: true; value: R } | { ok: false; error: unknown })[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { ok: true, value: await work(items[index], index) };
      } catch (error) {
        results[index] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The most telling error among failures: live and DRM explain themselves better than "nothing found". A refused
 * (private) address is deliberately not surfaced: the page simply has no media we may fetch.
 */
export function decisiveError(errors: unknown[]): AppError | undefined {
  const appErrors = errors.filter((e): e is AppError => e instanceof AppError);
  return (
    appErrors.find((e) => e.code === 'live_not_supported' || e.code === 'live_not_finished') ??
    appErrors.find((e) => e.code === 'drm_protected')
  );
}
