import 'server-only';
import type { NextRequest } from 'next/server';
import type { Caller, User } from '@/lib/auth/session';
import { now } from '@/lib/db/time';
import { ipKey } from './client-ip';
import type { Quota } from './counters';
import { anonAnalyzeHourlyLimit, anonDailyLimit, apiLimits, userAnalyzeHourlyLimit, userDailyLimit } from './limits';
import { dayWindow, hourWindow, minuteWindow, monthWindow } from './windows';

const DAY_RESET = 'It resets at 00:00 UTC.';

/**
 * Whose counter a request uses and its limits. API-token counters are keyed by user, not by token, so
 * regenerating the token does not restart the day.
 */
export function quotasFor(req: NextRequest, caller: Caller | null, at = now()): { key: string; quotas: Quota[] } {
  const day = dayWindow(at);
  if (caller?.via === 'api_token') return { key: apiKey(caller.user.id), quotas: apiQuotas(at) };
  if (caller) {
    const limit = userDailyLimit();
    return { key: `user:${caller.user.id}`, quotas: [{ window: day, limit, message: `Daily limit reached (${limit} requests). ${DAY_RESET}` }] };
  }
  const limit = anonDailyLimit();
  return {
    key: ipKey(req),
    quotas: [{ window: day, limit, message: `Daily limit reached (${limit} requests). ${DAY_RESET} Sign in for more.` }],
  };
}

/**
 * The links the site's forms start analysing (POST /api/analyze and /api/bulk): one hourly quota per signed-in
 * user, else per address, apart from the media API's counters so browsing the site never spends them.
 */
export function analyzeQuotasFor(req: NextRequest, user: User | null, at = now()): { key: string; quotas: Quota[] } {
  if (user) return userAnalyzeQuotas(user.id, at);
  const window = hourWindow(at);
  const limit = anonAnalyzeHourlyLimit();
  const message = `Too many links this hour (the limit is ${limit}). ${hourResets(window.resetsAt)} Sign in for more.`;
  return { key: `analyze:${ipKey(req)}`, quotas: [{ window, limit, message }] };
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
