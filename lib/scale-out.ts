import 'server-only';
import { setAnalysisStore, sharedAnalysisStore } from '@/lib/media/analyze';
import { getRedis, redisEnabled, redisKey } from '@/lib/redis/connection';
import { redisTextStore } from '@/lib/redis/text-store';

/**
 * The state a deployment of several nodes shares, handed to the modules that keep it. With REDIS_URL set:
 * finished analyses go to Redis (the engine never imports Redis; it is given a store). Rate-limit counters pick
 * Redis by themselves (lib/rate-limit/counters.ts). Without REDIS_URL nothing is registered and every store keeps
 * its embedded default.
 *
 * Called once per process before it serves work: by the server's start hook (instrumentation.ts), by
 * services() (lib/server.ts), and by a worker's entry point. Safe to call again; the last call wins.
 */
export function registerSharedState(): void {
  setAnalysisStore(redisEnabled() ? sharedAnalysisStore(redisTextStore(getRedis(), `${redisKey('analysis')}:`)) : undefined);
}
