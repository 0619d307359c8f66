import type { Extraction } from '@/lib/media/types';
import { normaliseChapters } from './chapters';
import { chaptersFromDescription } from './description';

/**
 * The media's chapters: the platform's own list (or the file's own, for a file served as it is) when it gives
 * one, else a timestamp list in its description. A
 * post of several items has none (each item is a media of its own).
 */
export function withChapters(extraction: Extraction): Extraction {
  if (extraction.items?.length) return extraction;
  // A single file's own chapters (an MP4 or Matroska file served as it is) count as the platform's.
  const file = extraction.sources.length > 0 && extraction.sources.every((s) => s.url === extraction.sources[0].url) ? extraction.sources[0].chapters : undefined;
  const given = normaliseChapters(extraction.chapters ?? file ?? [], extraction.duration ?? extraction.sources[0]?.duration);
  const chapters = given.length > 0 ? given : chaptersFromDescription(extraction.description, extraction.duration);
  if (chapters.length > 0) return { ...extraction, chapters };
  if (!extraction.chapters) return extraction;
  const rest = { ...extraction };
  delete rest.chapters;
  return rest;
}
