import type { OfferPlan } from '@/lib/media/offers';
import type { AnalysisEngine } from '@/lib/media/schemas';
import type { Extraction, MediaInfo } from '@/lib/media/types';

export interface AnalyzeOptions {
  engine?: AnalysisEngine;
  /** Stops waiting (and, once no caller waits for it any more, the extraction itself). */
  signal?: AbortSignal;
  /**
   * Cookies for this one analysis (a Netscape file of the link's platform), used by yt-dlp in place of the
   * operator's. Its result is cached under `scope` alone: never answered to a request without the same scope, never
   * joined with another's run, and shared between nodes only under that scope's own key.
   */
  cookies?: { text: string; scope: string };
}

/**
 * One analysis: what the API answers (`info`), what the extractor found (`extraction`, with source URLs —
 * server-side only) and how to prepare each offered itag (`plans`). Items of a multi-item post have their
 * plans under `i<n>-<itag>` (n from 0), the same itags their `info.items[n].formats` carry.
 */
export interface AnalyzedMedia {
  info: MediaInfo;
  extraction: Extraction;
  plans: Map<string, OfferPlan>;
}

/** An analysis by the process's engines (the composition root's `engine.analyze`). */
export type Analyze = (url: string, options?: AnalyzeOptions) => Promise<AnalyzedMedia>;
