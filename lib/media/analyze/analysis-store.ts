import type { AnalyzedMedia } from './types';

/**
 * Where finished analyses are shared between processes. The engine keeps its own in-memory cache
 * (analysis-cache.ts: the embedded default, and this node's copy of what it used); a deployment of several nodes
 * registers a shared store (setAnalysisStore in analyze-media.ts, from lib/scale-out.ts), so that a download asked
 * of one node finds the analysis another node made — by its key (engine + canonical URL) or its media id.
 *
 * An analysis is stored under its media id, which is derived from its key; `key` is kept to tell a lookup by key
 * from a (practically impossible) id collision. Errors are never stored: a failed site may work a minute later.
 */
export interface StoredAnalysis {
  key: string;
  media: AnalyzedMedia;
  /** ms since the epoch; the store forgets the entry then and never answers it after. */
  expiresAt: number;
}

export interface AnalysisStore {
  get(mediaId: string): Promise<StoredAnalysis | undefined>;
  put(entry: StoredAnalysis): Promise<void>;
  /** Forgets every analysis (tests; an operator's purge). */
  clear(): Promise<void>;
}

/**
 * Text under a name for a time: what a shared store gives (lib/redis/text-store.ts implements it over Redis;
 * the engine never imports Redis itself).
 */
export interface TextStore {
  get(name: string): Promise<string | null>;
  set(name: string, value: string, ttlMs: number): Promise<void>;
  clear(): Promise<void>;
}
