import 'server-only';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { analysisTtlMs, type Analyze } from '@/lib/media/analyze';
import { channelReading, creatorFrom, knownName } from './channel-creator';
import { creatorSource, type CreatorSource } from './creator-sources';
import { loadReading, saveReading } from './readings';
import type { Creator } from './types';

export type { Creator, CreatorVideo } from './types';

/** A channel that could not be read is tried again after this long. */
const RETRY_TTL_MS = 5 * 60 * 1000;

interface Cached {
  creator: Creator;
  expiresAt: number;
}

// On globalThis so Next dev reloads keep the cache, and concurrent page + API requests share one analysis.
const holder = globalThis as typeof globalThis & {
  __grablineCreators?: { cache: Map<string, Cached>; pending: Map<string, Promise<Creator | undefined>> };
};
const state = () => (holder.__grablineCreators ??= { cache: new Map(), pending: new Map() });

/** What reading a creator takes: the store (its last readings) and the engine's analysis; `services()` has both. */
export interface CreatorDeps {
  db: () => Promise<Db>;
  engine: { analyze: Analyze };
}

async function readChannel(source: CreatorSource, deps: CreatorDeps) {
  try {
    const media = await deps.engine.analyze(source.channelUrl, { signal: AbortSignal.timeout(config().env.CREATOR_ANALYSIS_TIMEOUT_MS) });
    return channelReading(source, media);
  } catch (error) {
    console.warn('[creators] channel unavailable', source.slug, (error as Error)?.message);
    return undefined;
  }
}

/** Reads the channel now; a good reading is stored, else the last stored one is shown, else none. */
async function loadCreator(slug: string, deps: CreatorDeps): Promise<Creator | undefined> {
  const source = creatorSource(slug);
  if (!source) return undefined;
  const reading = await readChannel(source, deps);
  const at = Date.now();
  if (reading) {
    await deps.db().then((db) => saveReading(db, slug, reading, at))
      .catch((error) => console.error('[creators] could not store the reading of', slug, error));
    return creatorFrom(source, { reading, readAt: at, fresh: true });
  }
  const stored = await deps.db().then((db) => loadReading(db, slug)).catch((error) => {
    console.error('[creators] could not load the last reading of', slug, error);
    return undefined;
  });
  return creatorFrom(source, stored && { ...stored, fresh: false });
}

/**
 * A creator by slug: the channel read now (cached for the analysis TTL); when it cannot be read, its last good
 * reading from the store; with none, the bare creator with no videos. Undefined for a slug we know nothing about.
 */
export async function getCreator(slug: string, deps: CreatorDeps): Promise<Creator | undefined> {
  const { cache, pending } = state();
  const hit = cache.get(slug);
  if (hit && hit.expiresAt > Date.now()) return hit.creator;
  const running = pending.get(slug);
  if (running) return running;
  const run = loadCreator(slug, deps).then((creator) => {
    if (creator) {
      const ttl = creator.source === 'channel' ? analysisTtlMs() : RETRY_TTL_MS;
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

/** The creator's name without reading anything: the cached reading's, else the popular list's (or the slug's). */
export function creatorName(slug: string): string | undefined {
  const hit = state().cache.get(slug);
  if (hit) return hit.creator.name;
  const source = creatorSource(slug);
  return source && knownName(source);
}

/** For /download?creator=…&video=…: the link to analyse for one of a creator's videos, if it is one of theirs. */
export async function resolveCreatorVideoUrl(slug: string, videoId: string, deps: CreatorDeps): Promise<string | undefined> {
  const creator = await getCreator(slug, deps);
  return creator?.latestVideos.find((video) => video.id === videoId)?.url;
}

/** Forgets cached creators (tests). */
export function clearCreators(): void {
  state().cache.clear();
}
