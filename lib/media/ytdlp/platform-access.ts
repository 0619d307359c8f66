import 'server-only';

import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { AppError, isAppError } from '@/lib/errors';
import { platformLabel } from '@/lib/platform-labels';

import type { PlatformBreaker } from './breaker';
import { platformOutage } from './canaries';
import { platformCookies } from './cookies';
import type { YtdlpPool } from './pool';
import type { YtdlpInfo } from './types';

export interface PlatformGate {
  /** Waits for a slot of the platform (at most `concurrency` at once, `spacingMs` between starts); returns release. */
  enter(platform: string, signal?: AbortSignal): Promise<() => void>;
}

interface Lane {
  active: number;
  waiting: (() => void)[];
  nextStart: number;
}

/**
 * Per-platform pacing, so one busy instance does not look like a scraper to a platform: at most `concurrency`
 * analyses of one platform at once and starts at least `spacingMs` apart. Links outside the named platforms
 * ('generic') belong to many sites and are not paced together.
 */
export function createPlatformGate(limits: () => { concurrency: number; spacingMs: number }, now = Date.now): PlatformGate {
  const lanes = new Map<string, Lane>();
  return {
    async enter(platform, signal) {
      if (platform === 'generic') return () => {};
      const lane = lanes.get(platform) ?? { active: 0, waiting: [], nextStart: 0 };
      lanes.set(platform, lane);
      while (lane.active >= limits().concurrency) {
        await new Promise<void>((resolve, reject) => {
          const wake = () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          };
          const onAbort = () => {
            lane.waiting.splice(lane.waiting.indexOf(wake), 1);
            reject(new AppError('unavailable', 'The extraction was cancelled', { cancelled: true }));
          };
          lane.waiting.push(wake);
          signal?.addEventListener('abort', onAbort, { once: true });
        });
      }
      lane.active += 1;
      const start = Math.max(now(), lane.nextStart);
      lane.nextStart = start + limits().spacingMs;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        lane.active -= 1;
        lane.waiting.shift()?.();
      };
      const delay = start - now();
      if (delay > 0) {
        try {
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(resolve, delay);
            signal?.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(new AppError('unavailable', 'The extraction was cancelled', { cancelled: true }));
            }, { once: true });
          });
        } catch (error) {
          release();
          throw error;
        }
      }
      return release;
    },
  };
}

const holder = globalThis as typeof globalThis & { __grablinePlatformGate?: PlatformGate };

function platformGate(): PlatformGate {
  holder.__grablinePlatformGate ??= createPlatformGate(() => ({
    concurrency: config().env.PLATFORM_CONCURRENCY,
    spacingMs: config().env.PLATFORM_MIN_INTERVAL_MS,
  }));
  return holder.__grablinePlatformGate;
}

/** yt-dlp's TikTok extractor reads a photo slideshow only at its /video/ address (the same post id). */
export function engineUrlFor(platform: string, url: string): string {
  return platform === 'tiktok' ? url.replace(/^(https:\/\/www\.tiktok\.com\/@[^/?#]+)\/photo\/(\d+)/, '$1/video/$2') : url;
}

/** What the analysis uses of the process's engine: its yt-dlp workers, each platform's breaker, the store (outages). */
export interface YtdlpAccess { pool: YtdlpPool; breaker: PlatformBreaker; db: () => Promise<Db> }

/**
 * An analysis through yt-dlp for one platform: refused at once while that platform is paused (its breaker is
 * open), paced by the platform's gate, with the operator's cookies for that platform only, and its outcome recorded
 * so a bot check, IP block or rate limit pauses the platform's next analyses.
 */
export async function extractForPlatform(
  platform: string,
  url: string,
  options: YtdlpAccess & { signal?: AbortSignal; gate?: PlatformGate; cookies?: string },
): Promise<YtdlpInfo> {
  const { breaker } = options;
  breaker.check(platform);
  const release = await (options.gate ?? platformGate()).enter(platform, options.signal);
  try {
    breaker.check(platform); // it may have tripped while this one waited its turn
    // The caller's own cookies for this platform when it gave some, else the operator's.
    const cookies = options.cookies ?? platformCookies(platform);
    const info = await options.pool.extract(engineUrlFor(platform, url), { signal: options.signal, cookies });
    breaker.record(platform, null);
    return info;
  } catch (error) {
    breaker.record(platform, error);
    throw await withOutage(platform, error, options.db);
  } finally {
    release();
  }
}

/**
 * When the platform's canary is failing too, the failure is the platform's (or the engine's), not this link's: the
 * error says since when ("TikTok downloads have been failing on this server since 14:00 UTC") and carries the time
 * as `failingSince` for the pages to show in the reader's language and time zone.
 */
async function withOutage(platform: string, error: unknown, db: () => Promise<Db>): Promise<unknown> {
  if (!isAppError(error) || !platformLabel(platform) || error.code === 'invalid_url') return error;
  let since: string | null = null;
  try {
    since = await platformOutage(await db(), platform);
  } catch {
    return error;
  }
  if (!since) return error;
  const at = since.slice(11, 16);
  const sentence = `${platformLabel(platform)} downloads have been failing on this server since ${at} UTC (${since.slice(0, 10)}).`;
  return new AppError(error.code, `${error.message} ${sentence}`, { ...error.details, failingSince: since, platform });
}
