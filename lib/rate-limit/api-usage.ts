import 'server-only';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import { readCount } from './counters';
import { apiLimits } from './limits';
import { apiKey } from './quotas';
import { dayWindow, monthWindow } from './windows';

export interface ApiUsage {
  requestsToday: number;
  requestsThisMonth: number;
  dailyLimit: number;
  monthlyLimit: number;
}

/** apiUsage for the settings page: the user's API-token requests in the current UTC day and month. */
export async function getApiUsage(userId: string, db: Db): Promise<ApiUsage> {
  const at = now();
  const { daily, monthly } = apiLimits();
  const [requestsToday, requestsThisMonth] = await Promise.all([
    readCount(db, apiKey(userId), dayWindow(at)),
    readCount(db, apiKey(userId), monthWindow(at)),
  ]);
  return { requestsToday, requestsThisMonth, dailyLimit: daily, monthlyLimit: monthly };
}
