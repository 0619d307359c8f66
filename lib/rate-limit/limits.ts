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
