import 'server-only';

/** Limits are read per request, so tests and operators can change them through the environment. */
function positiveInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export function apiLimits() {
  return { daily: positiveInt('API_DAILY_LIMIT', 100), monthly: positiveInt('API_MONTHLY_LIMIT', 1000) };
}

export const userDailyLimit = () => positiveInt('USER_DAILY_LIMIT', 1000);
export const anonDailyLimit = () => positiveInt('ANON_DAILY_LIMIT', 300);

/**
 * Links the site's own forms may start analysing per hour (POST /api/analyze, and each URL of POST /api/bulk).
 * An hour, not a day: these start real work (an origin fetch, often yt-dlp), so a burst is what hurts. 100 is
 * two full bulk batches an hour from one address, far beyond anyone pasting links by hand.
 */
export const anonAnalyzeHourlyLimit = () => positiveInt('ANON_ANALYZE_HOURLY_LIMIT', 100);
export const userAnalyzeHourlyLimit = () => positiveInt('USER_ANALYZE_HOURLY_LIMIT', 600);
