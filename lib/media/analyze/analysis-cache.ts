import type { AnalyzedMedia } from './types';

interface Entry {
  key: string;
  media: AnalyzedMedia;
  expiresAt: number;
}

/**
 * Finished analyses by key (engine + canonical URL) and by media id, least recently used evicted first, each
 * for a TTL. Errors are never cached: a failed site may work a minute later. This is the embedded default and,
 * when a shared store is registered (analysis-store.ts), this node's copy of the analyses it made or fetched,
 * kept no longer than the shared entry lives.
 */
export class AnalysisCache {
  private readonly byKey = new Map<string, Entry>();
  private readonly byId = new Map<string, Entry>();

  constructor(private readonly options: { maxEntries: () => number; ttlMs: () => number; now?: () => number }) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private live(entry: Entry | undefined): Entry | undefined {
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry;
    this.delete(entry);
    return undefined;
  }

  private delete(entry: Entry): void {
    this.byKey.delete(entry.key);
    if (this.byId.get(entry.media.info.id) === entry) this.byId.delete(entry.media.info.id);
  }

  get(key: string): AnalyzedMedia | undefined {
    const entry = this.live(this.byKey.get(key));
    if (!entry) return undefined;
    // Map keeps insertion order: re-inserting marks the entry as the most recently used.
    this.byKey.delete(key);
    this.byKey.set(key, entry);
    return entry.media;
  }

  getById(id: string): AnalyzedMedia | undefined {
    return this.live(this.byId.get(id))?.media;
  }

  /** Keeps `media` for the TTL from now, or until `expiresAt` when it comes from a shared store. */
  set(key: string, media: AnalyzedMedia, expiresAt = this.now() + this.options.ttlMs()): void {
    const previous = this.byKey.get(key);
    if (previous) this.delete(previous);
    const entry = { key, media, expiresAt };
    this.byKey.set(key, entry);
    this.byId.set(media.info.id, entry);
    const max = Math.max(1, this.options.maxEntries());
    for (const oldest of this.byKey.values()) {
      if (this.byKey.size <= max) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.byKey.clear();
    this.byId.clear();
  }
}
