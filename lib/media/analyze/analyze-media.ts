import 'server-only';
import { createHash } from 'node:crypto';
import { config } from '@/lib/config';
import { AppError, toAppError } from '@/lib/errors';
import { engineEvents } from '@/lib/events';
import { assertPlatformEnabled } from '@/lib/media/platforms/enabled';
import { recogniseResolved } from '@/lib/media/short-links/resolve-short-link';
import { AnalysisCache } from './analysis-cache';
import type { AnalysisStore } from './analysis-store';
import { assertDownloadable, runEngine, type EngineDeps } from './run-engine';
import { SharedRuns } from './shared-runs';
import { hasMedia, toAnalyzedMedia } from './to-media-info';
import type { AnalyzedMedia, AnalyzeOptions } from './types';

export const analysisTtlMs = (): number => config().env.ANALYSIS_TTL_MS;

interface AnalysisState {
  /** This process's analyses: the embedded default, and the local copy when a shared store is set. */
  cache: AnalysisCache;
  runs: SharedRuns<AnalyzedMedia>;
  /** The analyses every node shares (Redis), when the deployment has one. */
  shared?: AnalysisStore;
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

/**
 * Registers the store every node shares (the composition root does, when REDIS_URL is set); undefined goes back
 * to this process's memory alone. Analyses already in this process's memory stay there.
 */
export function setAnalysisStore(store: AnalysisStore | undefined): void {
  state().shared = store;
}

/**
 * Another node's analysis of this key, copied into this process's cache; undefined when there is none — or when
 * the shared store does not answer: the link is then analysed here, which a user prefers to an error.
 */
async function fromShared(shared: AnalysisStore, key: string, mediaId: string): Promise<AnalyzedMedia | undefined> {
  const entry = await shared.get(mediaId).catch((error: unknown) => {
    console.error('[analysis] the shared store did not answer; analysing here', error);
    return undefined;
  });
  if (!entry || entry.key !== key) return undefined;
  state().cache.set(key, entry.media, entry.expiresAt);
  return entry.media;
}

/** The same link analysed by the same engine always gets the same id (offers are addressed by it). */
function mediaIdFor(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 16);
}

/**
 * A pasted link → its media info, offers and plans, by the engines handed in (the composition root's). Recognises
 * the link first (no network for a bad one), answers from the cache for the TTL, and shares one run among
 * concurrent requests for the same link.
 */
export async function analyzeMedia(input: string, options: AnalyzeOptions, deps: EngineDeps): Promise<AnalyzedMedia> {
  // A short link is the media it leads to: one cache entry and one id whichever link was pasted.
  const recognition = await recogniseResolved(input, { signal: options.signal });
  assertPlatformEnabled(recognition);
  const engine = options.engine ?? 'auto';
  // Cookies reach yt-dlp only; a native analysis made without them is everyone's.
  const cookies = engine === 'native' ? undefined : options.cookies;
  const key = `${engine}:${recognition.canonicalUrl}${cookies ? `#scope:${cookies.scope}` : ''}`;
  const { cache, runs } = state();
  const cached = cache.get(key);
  if (cached) return cached;
  const mediaId = mediaIdFor(key);
  return runs.run(
    key,
    async (signal) => {
      const shared = state().shared;
      const found = shared && (await fromShared(shared, key, mediaId));
      if (found) return found;
      const started = performance.now();
      // The engine that answered, else the one asked for ('auto' when the run failed before any answered).
      let ran: string = engine;
      const report = (code?: string) => void engineEvents().emit('media.analysed', {
        platform: recognition.platform, engine: ran, seconds: (performance.now() - started) / 1000, code,
      });
      try {
        const extraction = await runEngine(recognition, engine, deps, signal, cookies?.text);
        ran = extraction.engine;
        assertDownloadable(extraction);
        const media = toAnalyzedMedia(extraction, mediaId);
        if (!hasMedia(media)) throw new AppError('no_media', 'No downloadable media found at this link');
        const expiresAt = Date.now() + analysisTtlMs();
        cache.set(key, media, expiresAt);
        // Shared so another node serves its downloads; if the shared store fails, this node still can.
        await shared?.put({ key, media, expiresAt }).catch((error) => console.error('[analysis] could not share an analysis', error));
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

/**
 * A finished analysis by its MediaInfo id, while it lives, from this process's cache only (the download engine
 * resolves itags with it). Code given a media id by a client or another process calls loadAnalyzed first.
 */
export function getAnalyzed(mediaId: string): AnalyzedMedia | undefined {
  return state().cache.getById(mediaId);
}

/**
 * A finished analysis by its MediaInfo id from this process, else from the shared store (then kept here too);
 * a shared store that does not answer is `503 unavailable`.
 */
export async function loadAnalyzed(mediaId: string): Promise<AnalyzedMedia | undefined> {
  const { cache, shared } = state();
  const local = cache.getById(mediaId);
  if (local || !shared) return local;
  // The analysis may well exist: a store that does not answer is the server's trouble, not an expired link.
  const entry = await shared.get(mediaId).catch((error: unknown) => {
    console.error('[analysis] the shared store did not answer', error);
    throw new AppError('unavailable', 'The service is busy right now. Please try again in a moment.');
  });
  if (!entry) return undefined;
  cache.set(entry.key, entry.media, entry.expiresAt);
  return entry.media;
}

/** Forgets every analysis, here at once and in the shared store when there is one (tests; an operator's purge). */
export function clearAnalyses(): Promise<void> {
  const { cache, shared } = state();
  cache.clear();
  return shared ? shared.clear() : Promise.resolve();
}
