import 'server-only';
import { config } from '@/lib/config';

export function apiLimits() {
  return { daily: config().env.API_DAILY_LIMIT, monthly: config().env.API_MONTHLY_LIMIT };
}

export const userDailyLimit = () => config().env.USER_DAILY_LIMIT;
export const anonDailyLimit = () => config().env.ANON_DAILY_LIMIT;

/**
 * Links the site's own forms may start analysing per hour (POST /api/analyze, and each URL of POST /api/bulk).
 * An hour, not a day: these start real work (an origin fetch, often yt-dlp), so a burst is what hurts. 100 is
 * two full bulk batches an hour from one address, far beyond anyone pasting links by hand.
 */
export const anonAnalyzeHourlyLimit = () => config().env.ANON_ANALYZE_HOURLY_LIMIT;
export const userAnalyzeHourlyLimit = () => config().env.USER_ANALYZE_HOURLY_LIMIT;
