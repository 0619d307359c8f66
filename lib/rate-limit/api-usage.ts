import 'server-only';
import { getDb, type Db } from '@/lib/db';
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
export async function getApiUsage(userId: string, db?: Db): Promise<ApiUsage> {
  const store = db ?? (await getDb());
  const at = now();
  const { daily, monthly } = apiLimits();
  const [requestsToday, requestsThisMonth] = await Promise.all([
    readCount(store, apiKey(userId), dayWindow(at)),
    readCount(store, apiKey(userId), monthWindow(at)),
  ]);
  return { requestsToday, requestsThisMonth, dailyLimit: daily, monthlyLimit: monthly };
}
