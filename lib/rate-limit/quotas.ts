import 'server-only';
import type { Caller } from '@/lib/auth/caller';
import { now } from '@/lib/db/time';
import type { Quota } from './counters';
import { anonAnalyzeHourlyLimit, anonDailyLimit, apiLimits, userAnalyzeHourlyLimit, userDailyLimit } from './limits';
import { dayWindow, hourWindow, minuteWindow, monthWindow } from './windows';

const DAY_RESET = 'It resets at 00:00 UTC.';

/**
 * Whose counter a request uses and its limits. API-token counters are keyed by user, not by token, so
 * regenerating the token does not restart the day.
 */
export function quotasFor(caller: Caller, at = now()): { key: string; quotas: Quota[] } {
  const day = dayWindow(at);
  if (caller.credential?.via === 'api_token') return { key: apiKey(caller.credential.user.id), quotas: apiQuotas(at) };
  const limit = caller.accountId ? userDailyLimit() : anonDailyLimit();
  const more = caller.accountId ? '' : ' Sign in for more.';
  return { key: caller.rateLimitKey, quotas: [{ window: day, limit, message: `Daily limit reached (${limit} requests). ${DAY_RESET}${more}` }] };
}

/**
 * The links the site's forms start analysing (POST /api/analyze and /api/bulk): one hourly quota per signed-in
 * user, else per address, apart from the media API's counters so browsing the site never spends them.
 */
export function analyzeQuotasFor(caller: Caller, at = now()): { key: string; quotas: Quota[] } {
  if (caller.accountId) return userAnalyzeQuotas(caller.accountId, at);
  const window = hourWindow(at);
  const limit = anonAnalyzeHourlyLimit();
  const message = `Too many links this hour (the limit is ${limit}). ${hourResets(window.resetsAt)} Sign in for more.`;
  return { key: `analyze:${caller.rateLimitKey}`, quotas: [{ window, limit, message }] };
}

const hourResets = (resetsAt: number) => `It resets at ${new Date(resetsAt).toISOString().slice(11, 16)} UTC.`;

/**
 * A signed-in user's hourly analysis quota: what their links on the site's forms spend, and what the server's
 * checks of their followed creators spend (each check reads a link of the user's choosing).
 */
export function userAnalyzeQuotas(userId: string, at = now()): { key: string; quotas: Quota[] } {
  const window = hourWindow(at);
  const limit = userAnalyzeHourlyLimit();
  const message = `Too many links this hour (the limit is ${limit}). ${hourResets(window.resetsAt)}`;
  return { key: `analyze:user:${userId}`, quotas: [{ window, limit, message }] };
}

/** Test deliveries ("Send test") a user may ask for: each is an outbound request to an address they chose. */
export const WEBHOOK_TESTS_PER_MINUTE = 5;
export const WEBHOOK_TESTS_PER_HOUR = 20;

export function webhookTestQuotas(userId: string, at = now()): { key: string; quotas: Quota[] } {
  const minute = minuteWindow(at);
  const hour = hourWindow(at);
  return {
    key: `webhook-test:user:${userId}`,
    quotas: [
      { window: minute, limit: WEBHOOK_TESTS_PER_MINUTE, message: `Too many test deliveries (the limit is ${WEBHOOK_TESTS_PER_MINUTE} a minute). Try again in a minute.` },
      { window: hour, limit: WEBHOOK_TESTS_PER_HOUR, message: `Too many test deliveries this hour (the limit is ${WEBHOOK_TESTS_PER_HOUR}). ${hourResets(hour.resetsAt)}` },
    ],
  };
}

export function apiKey(userId: string): string {
  return `api:${userId}`;
}

export function apiQuotas(at: number): Quota[] {
  const { daily, monthly } = apiLimits();
  return [
    { window: dayWindow(at), limit: daily, message: `Daily API limit reached (${daily} requests). ${DAY_RESET}` },
    {
      window: monthWindow(at),
      limit: monthly,
      message: `Monthly API limit reached (${monthly} requests). It resets on the 1st of next month at 00:00 UTC.`,
    },
  ];
}
