import 'server-only';
import type { NextRequest } from 'next/server';
import type { Caller, User } from '@/lib/auth/session';
import { now } from '@/lib/db/time';
import { ipKey } from './client-ip';
import type { Quota } from './counters';
import { anonAnalyzeHourlyLimit, anonDailyLimit, apiLimits, userAnalyzeHourlyLimit, userDailyLimit } from './limits';
import { dayWindow, hourWindow, monthWindow } from './windows';

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
  const window = hourWindow(at);
  const resets = `It resets at ${new Date(window.resetsAt).toISOString().slice(11, 16)} UTC.`;
  const limit = user ? userAnalyzeHourlyLimit() : anonAnalyzeHourlyLimit();
  const message = `Too many links this hour (the limit is ${limit}). ${resets}${user ? '' : ' Sign in for more.'}`;
  return { key: `analyze:${user ? `user:${user.id}` : ipKey(req)}`, quotas: [{ window, limit, message }] };
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
