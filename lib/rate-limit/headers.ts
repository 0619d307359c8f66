import type { Metering, QuotaState } from './counters';

/**
 * `RateLimit-Limit/Remaining/Reset` of the tighter window (fewest requests left; on a tie the one that resets
 * first), and `Retry-After` when the request was refused. Reset and Retry-After are seconds from now.
 */
export function rateLimitHeaders(metering: Metering, at: number): Record<string, string> {
  const tighter = metering.allowed ? tightest(metering.states) : metering.exceeded;
  const reset = secondsUntil(tighter.window.resetsAt, at);
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(tighter.limit),
    'RateLimit-Remaining': String(Math.max(0, tighter.limit - tighter.used)),
    'RateLimit-Reset': String(reset),
  };
  if (!metering.allowed) headers['Retry-After'] = String(reset);
  return headers;
}

/** `res` with `headers` set on it, or on a copy when its own headers are immutable. */
export function withHeaders(res: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    return res;
  } catch {
    // A Response passed through from fetch() has immutable headers; copy it into one we can write.
    const copy = new Response(res.body, res);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}

function tightest(states: QuotaState[]): QuotaState {
  return states.reduce((best, state) => {
    const left = state.limit - state.used;
    const bestLeft = best.limit - best.used;
    return left < bestLeft || (left === bestLeft && state.window.resetsAt < best.window.resetsAt) ? state : best;
  });
}

function secondsUntil(time: number, at: number): number {
  return Math.max(1, Math.ceil((time - at) / 1000));
}
