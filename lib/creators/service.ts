import 'server-only';
import { config } from '@/lib/config';
import { analysisTtlMs, analyzeMedia, type AnalyzedMedia } from '@/lib/media/analyze';
import { channelCreator } from './channel-creator';
import { creatorSource } from './creator-sources';
import { humanName, sampleCreator } from './sample-creator';
import type { Creator } from './types';

export type { Creator, CreatorVideo } from './types';

/** A sample answer is retried after this long: the channel may be reachable again. */
const SAMPLE_TTL_MS = 5 * 60 * 1000;

interface Cached {
  creator: Creator;
  expiresAt: number;
}

// On globalThis so Next dev reloads keep the cache, and concurrent page + API requests share one analysis.
const holder = globalThis as typeof globalThis & {
  __grablineCreators?: { cache: Map<string, Cached>; pending: Map<string, Promise<Creator | undefined>> };
};
const state = () => (holder.__grablineCreators ??= { cache: new Map(), pending: new Map() });

export interface CreatorDeps {
  analyze: (url: string, options: { signal?: AbortSignal }) => Promise<AnalyzedMedia>;
}

const defaultDeps: CreatorDeps = { analyze: analyzeMedia };

async function loadCreator(slug: string, deps: CreatorDeps): Promise<Creator | undefined> {
  const source = creatorSource(slug);
  if (!source) return undefined;
  const timeout = config().env.CREATOR_ANALYSIS_TIMEOUT_MS;
  try {
    const media = await deps.analyze(source.channelUrl, { signal: AbortSignal.timeout(timeout) });
    const creator = channelCreator(source, media);
    if (creator.latestVideos.length > 0) return creator;
  } catch (error) {
    // Offline, blocked or changed upstream: the page then shows generated sample data.
    console.warn('[creators] channel unavailable, using sample data for', slug, (error as Error)?.message);
  }
  return sampleCreator(source);
}

/**
 * A creator by slug: read from the creator's channel (cached for the analysis TTL), or generated sample data
 * when the channel cannot be read; undefined for a slug we know nothing about.
 */
export async function getCreator(slug: string, deps: CreatorDeps = defaultDeps): Promise<Creator | undefined> {
  const { cache, pending } = state();
  const hit = cache.get(slug);
  if (hit && hit.expiresAt > Date.now()) return hit.creator;
  const running = pending.get(slug);
  if (running) return running;
  const run = loadCreator(slug, deps).then((creator) => {
    if (creator) {
      const ttl = creator.source === 'channel' ? analysisTtlMs() : SAMPLE_TTL_MS;
      cache.set(slug, { creator, expiresAt: Date.now() + ttl });
    }
    return creator;
  });
  pending.set(slug, run);
  try {
    return await run;
  } finally {
    pending.delete(slug);
  }
}

/** Whether a slug names a creator we can show (no network: the channel is read later). */
export function isKnownCreator(slug: string): boolean {
  return creatorSource(slug) !== undefined;
}

/**
 * What is known about a creator without reading the channel: the cached creator, else the name the popular
 * list (or the slug) gives. For page metadata, which must not hold the loading skeleton back.
 */
export function creatorPreview(slug: string): { name: string; videoCount: number } | undefined {
  const hit = state().cache.get(slug);
  if (hit && hit.expiresAt > Date.now()) return { name: hit.creator.name, videoCount: hit.creator.latestVideos.length };
  const source = creatorSource(slug);
  return source && { name: source.popular?.name ?? humanName(slug), videoCount: 0 };
}

/** For /download?creator=…&video=…: the link to analyse for one of a creator's videos, if it is one of theirs. */
export async function resolveCreatorVideoUrl(slug: string, videoId: string): Promise<string | undefined> {
  const creator = await getCreator(slug);
  return creator?.latestVideos.find((video) => video.id === videoId)?.url;
}

/** Forgets cached creators (tests). */
export function clearCreators(): void {
  state().cache.clear();
}
