import { decodeAnalysis, encodeAnalysis } from './analysis-codec';
import type { AnalysisStore, TextStore } from './analysis-store';

/**
 * Analyses in a shared text store (Redis in a scale-out deployment): one entry per media id, as JSON, living
 * exactly until the analysis expires. An entry that does not decode is treated as absent (the analysis runs again).
 */
export function sharedAnalysisStore(text: TextStore, now: () => number = Date.now): AnalysisStore {
  return {
    async get(mediaId) {
      const raw = await text.get(mediaId);
      if (raw === null) return undefined;
      try {
        const entry = decodeAnalysis(raw);
        return entry.expiresAt > now() ? entry : undefined;
      } catch {
        return undefined;
      }
    },
    async put(entry) {
      const ttlMs = entry.expiresAt - now();
      if (ttlMs > 0) await text.set(entry.media.info.id, encodeAnalysis(entry), ttlMs);
    },
    clear: () => text.clear(),
  };
}
