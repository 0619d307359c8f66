import { AppError, isAppError } from '@/lib/errors';
import en from '@/messages/en.json';

import { PUSHBACK_CODES } from './error-map';

/** The English texts of the error codes (server logs and API messages stay English; the UI translates by code). */
const ERROR_TEXTS = en.Errors;

export interface BreakerOptions {
  /** The first pause after a platform pushes back (default 60 s); each further push-back doubles it. */
  baseMs?: number;
  /** The longest pause (default 30 minutes). */
  maxMs?: number;
  now?: () => number;
}

export interface PlatformBreakerState {
  /** open: new analyses are refused until `until`; trial: the pause is over and the next answer decides. */
  state: 'closed' | 'open' | 'trial';
  /** Push-backs in a row (reset by a success). */
  trips: number;
  until: string | null;
  lastCode: string | null;
  since: string | null;
}

interface Entry {
  trips: number;
  until: number;
  lastCode: string;
  since: number;
}

export interface PlatformBreaker {
  /** Throws `platform_paused` (with the seconds to wait) while the platform is paused. */
  check(platform: string): void;
  /** Records an analysis' outcome: a bot check, IP block or rate limit pauses the platform; a success clears it. */
  record(platform: string, outcome: unknown): void;
  state(): Record<string, PlatformBreakerState>;
  reset(): void;
}

/**
 * A circuit breaker per platform: when a platform answers with a bot check, an IP block or a rate limit, asking
 * again at once only makes it worse (and gets the server's address banned for longer). So that platform's new
 * analyses are answered at once with `platform_paused` and the time to retry, for a pause that doubles with each
 * push-back in a row (capped); other platforms are not affected. When the pause is over, analyses go through again
 * and the first answer decides: a success closes the breaker, another push-back opens it for longer.
 * Links outside the named platforms ('generic') each belong to another site, so they are never paused together.
 */
export function createPlatformBreaker(options: BreakerOptions = {}): PlatformBreaker {
  const baseMs = options.baseMs ?? 60_000;
  const maxMs = options.maxMs ?? 30 * 60_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  return {
    check(platform) {
      const entry = entries.get(platform);
      if (!entry || entry.until <= now()) return;
      const retryAfter = Math.max(1, Math.ceil((entry.until - now()) / 1000));
      const at = new Date(entry.until).toISOString();
      throw new AppError('platform_paused', `${ERROR_TEXTS.platform_paused} Retry after ${at.slice(11, 16)} UTC.`, {
        retryAfter,
        retryAt: at,
        platform,
        cause: entry.lastCode,
      });
    },
    record(platform, outcome) {
      if (platform === 'generic') return;
      if (outcome === null || outcome === undefined) {
        entries.delete(platform);
        return;
      }
      if (!isAppError(outcome) || !PUSHBACK_CODES.has(outcome.code)) return; // a bad link says nothing about the platform
      const previous = entries.get(platform);
      const trips = (previous?.trips ?? 0) + 1;
      const pause = Math.min(maxMs, baseMs * 2 ** (trips - 1));
      entries.set(platform, { trips, until: now() + pause, lastCode: outcome.code, since: previous?.since ?? now() });
    },
    state() {
      const result: Record<string, PlatformBreakerState> = {};
      for (const [platform, entry] of entries) {
        result[platform] = {
          state: entry.until > now() ? 'open' : 'trial',
          trips: entry.trips,
          until: new Date(entry.until).toISOString(),
          lastCode: entry.lastCode,
          since: new Date(entry.since).toISOString(),
        };
      }
      return result;
    },
    reset() {
      entries.clear();
    },
  };
}

const holder = globalThis as typeof globalThis & { __grablinePlatformBreaker?: PlatformBreaker };

/** The process's one breaker (kept across Next's dev reloads, like the pool). */
export function getPlatformBreaker(): PlatformBreaker {
  holder.__grablinePlatformBreaker ??= createPlatformBreaker();
  return holder.__grablinePlatformBreaker;
}
