import 'server-only';
import { AppError, isAppError } from '@/lib/errors';
import { recogniseUrl } from '@/lib/media/platforms';
import type { Recognition } from '@/lib/media/types';
import { guardedFetch as systemFetch, type GuardedFetchOptions } from '@/lib/net/guarded-fetch';

/** A shortener chained to another (t.co → vm.tiktok.com → the video) is followed this many hops at most. */
const MAX_HOPS = 5;
/** Each hop is one small answer: a shortener slower than this is not answering. */
const HOP_TIMEOUT_MS = 8_000;
/** Where a short link leads changes rarely; a burst of the same link asks the shortener once. */
const CACHE_TTL_MS = 10 * 60_000;
const CACHE_MAX = 1_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Fetch = (input: string, options: GuardedFetchOptions) => Promise<Response>;

export interface ResolveOptions {
  signal?: AbortSignal;
  /** The guarded fetch (injectable for tests; every hop goes through it and its address checks). */
  fetch?: Fetch;
  now?: () => number;
}

/** Short link (canonical) → where it led, for a while; the oldest entries go first once full. */
const cache = new Map<string, { target: string; expiresAt: number }>();

export function clearShortLinkCache(): void {
  cache.clear();
}

function remember(link: string, target: string, now: number): void {
  cache.delete(link);
  cache.set(link, { target, expiresAt: now + CACHE_TTL_MS });
  while (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
}

export function unresolved(details?: Record<string, unknown>): AppError {
  return new AppError('short_link_unresolved', 'This short link did not lead to a video or post. Open it in a browser and paste the address it shows.', details);
}

/**
 * One hop: where `url` redirects, without reading any body. HEAD first; a shortener that refuses HEAD is asked
 * with GET, whose body is dropped unread. null when the answer is no redirect.
 */
async function nextHop(url: string, fetch: Fetch, signal?: AbortSignal): Promise<URL | null> {
  const ask = async (method: 'HEAD' | 'GET') => {
    const res = await fetch(url, { method, redirect: 'manual', timeoutMs: HOP_TIMEOUT_MS, signal });
    await res.body?.cancel().catch(() => {});
    return res;
  };
  let res = await ask('HEAD');
  if (!REDIRECTS.has(res.status) && res.status >= 400) res = await ask('GET');
  const location = res.headers.get('location');
  if (!REDIRECTS.has(res.status) || !location) return null;
  try {
    return new URL(location, url);
  } catch {
    throw unresolved({ status: res.status });
  }
}

/**
 * A short link (vm.tiktok.com, fb.watch, t.co, pin.it, on.soundcloud.com…) → the recognition of the media it
 * stands for, by following its redirects one hop at a time through the guarded fetch (each hop's address checked
 * anew), stopping at the first address that is no short link. Nothing but status lines and headers is read.
 * Any other link is recognised as it is. A chain that ends on a shortener, loops or runs past MAX_HOPS, or a
 * shortener that does not answer, is `short_link_unresolved`.
 */
export async function recogniseResolved(input: string, options: ResolveOptions = {}): Promise<Recognition> {
  const first = recogniseUrl(input);
  if (!first.needsResolving) return first;
  const now = options.now ?? Date.now;
  const link = first.canonicalUrl;
  const known = cache.get(link);
  if (known && known.expiresAt > now()) return recogniseUrl(known.target);
  const fetch = options.fetch ?? ((url: string, init: GuardedFetchOptions) => systemFetch(url, init));
  let current = link;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    let next: URL | null;
    try {
      next = await nextHop(current, fetch, options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      // A refused address stays refused; anything else the shortener did is this link not resolving.
      if (isAppError(error) && (error.code === 'private_address' || error.code === 'short_link_unresolved')) throw error;
      throw unresolved({ cause: isAppError(error) ? error.code : 'network' });
    }
    if (!next) break;
    let recognition: Recognition;
    try {
      recognition = recogniseUrl(next.href);
    } catch {
      throw unresolved();
    }
    if (!recognition.needsResolving) {
      remember(link, recognition.canonicalUrl, now());
      return recognition;
    }
    current = recognition.canonicalUrl;
  }
  throw unresolved();
}
