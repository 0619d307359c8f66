import { getDb } from '@/lib/db';
import { getPlatformBreaker } from '@/lib/media/ytdlp/breaker';
import { getYtdlpPool } from '@/lib/media/ytdlp/get-pool';
import type { YtdlpAccess } from '@/lib/media/ytdlp/platform-access';
import { analyzeMedia as analyzeWith } from './analyze-media';
import { analysisEngines, type EngineDeps } from './run-engine';
import type { AnalyzedMedia, AnalyzeOptions } from './types';

/**
 * For tests and benches: the engine parts a composition root hands in — this process's yt-dlp pool, breaker and
 * store — each read when an extraction starts, so a test's environment is set before the pool is made.
 */
export const testAccess: YtdlpAccess = {
  get pool() {
    return getYtdlpPool();
  },
  get breaker() {
    return getPlatformBreaker();
  },
  db: () => getDb(),
};

/** The engine set the root builds, over `testAccess`. */
export const testEngines: EngineDeps = analysisEngines(testAccess);

/** analyzeMedia with the root's engine set, unless a test hands in its own engines. */
export const analyzeMedia = (url: string, options: AnalyzeOptions = {}, deps: EngineDeps = testEngines): Promise<AnalyzedMedia> =>
  analyzeWith(url, options, deps);
