import 'server-only';
import { createHash } from 'node:crypto';
import { config } from '@/lib/config';
import { AppError, toAppError } from '@/lib/errors';
import { engineEvents } from '@/lib/events';
import { recogniseUrl } from '@/lib/media/platforms';
import { assertPlatformEnabled } from '@/lib/media/platforms/enabled';
import { AnalysisCache } from './analysis-cache';
import { assertDownloadable, defaultEngines, runEngine, type EngineDeps } from './run-engine';
import { SharedRuns } from './shared-runs';
import { hasMedia, toAnalyzedMedia } from './to-media-info';
import type { AnalyzedMedia, AnalyzeOptions } from './types';

export const analysisTtlMs = (): number => config().env.ANALYSIS_TTL_MS;

interface AnalysisState {
  cache: AnalysisCache;
  runs: SharedRuns<AnalyzedMedia>;
}

// On globalThis: Next dev reloads modules, and the download engine must find analyses made before a reload.
const holder = globalThis as typeof globalThis & { __grablineAnalysis?: AnalysisState };

function state(): AnalysisState {
  holder.__grablineAnalysis ??= {
    cache: new AnalysisCache({ ttlMs: analysisTtlMs, maxEntries: () => config().env.ANALYSIS_CACHE_MAX }),
    runs: new SharedRuns(),
  };
  return holder.__grablineAnalysis;
}

/** The same link analysed by the same engine always gets the same id (offers are addressed by it). */
function mediaIdFor(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 16);
}

/**
 * A pasted link → its media info, offers and plans. Recognises the link first (no network for a bad one),
 * answers from the cache for the TTL, and shares one run among concurrent requests for the same link.
 */
export async function analyzeMedia(input: string, options: AnalyzeOptions = {}, deps: EngineDeps = defaultEngines): Promise<AnalyzedMedia> {
  const recognition = recogniseUrl(input);
  assertPlatformEnabled(recognition);
  const engine = options.engine ?? 'auto';
  const key = `${engine}:${recognition.canonicalUrl}`;
  const { cache, runs } = state();
  const cached = cache.get(key);
  if (cached) return cached;
  return runs.run(
    key,
    async (signal) => {
      const started = performance.now();
      // The engine that answered, else the one asked for ('auto' when the run failed before any answered).
      let ran: string = engine;
      const report = (code?: string) => void engineEvents().emit('media.analysed', {
        platform: recognition.platform, engine: ran, seconds: (performance.now() - started) / 1000, code,
      });
      try {
        const extraction = await runEngine(recognition, engine, deps, signal);
        ran = extraction.engine;
        assertDownloadable(extraction);
        const media = toAnalyzedMedia(extraction, mediaIdFor(key));
        if (!hasMedia(media)) throw new AppError('no_media', 'No downloadable media found at this link');
        cache.set(key, media);
        report();
        return media;
      } catch (error) {
        report(toAppError(error).code);
        throw error;
      }
    },
    options.signal,
  );
}

/** A finished analysis by its MediaInfo id, while it lives (the download engine resolves itags with it). */
export function getAnalyzed(mediaId: string): AnalyzedMedia | undefined {
  return state().cache.getById(mediaId);
}

/** Forgets every analysis (tests; an operator's purge). */
export function clearAnalyses(): void {
  state().cache.clear();
}
