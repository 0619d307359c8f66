import 'server-only';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { meter, peek } from '@/lib/rate-limit/counters';
import { userAnalyzeQuotas } from '@/lib/rate-limit/quotas';

/**
 * Every check of a followed creator reads a link the user chose, so each is one link of the owner's hourly analysis
 * quota — the quota their own links on the site's forms spend. The check charges it when it runs (the first one on
 * follow, "Check now" and every scheduled one alike); over the quota it does not run and the follow is due again
 * when the hour resets (`retryAt`).
 */
export async function chargeFollowCheck(db: Db, userId: string, at: number): Promise<{ allowed: true } | { allowed: false; retryAt: number }> {
  const { key, quotas } = userAnalyzeQuotas(userId, at);
  const metering = await meter(db, key, quotas);
  return metering.allowed ? { allowed: true } : { allowed: false, retryAt: metering.exceeded.window.resetsAt };
}

/**
 * What the user asks for (following, "Check now") is refused at once with 429 rate_limited when no link of the hour
 * is left, rather than queued to be put off; it counts nothing (the check charges itself when it runs).
 */
export async function assertFollowCheckAllowed(db: Db, userId: string, at: number): Promise<void> {
  const { key, quotas } = userAnalyzeQuotas(userId, at);
  const { states } = await peek(db, key, quotas);
  const full = states.find((state) => state.used >= state.limit);
  if (full) throw new AppError('rate_limited', full.message, { retryAfter: Math.max(1, Math.ceil((full.window.resetsAt - at) / 1000)) });
}
