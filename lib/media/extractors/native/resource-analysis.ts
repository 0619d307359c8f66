import type { ExtractedItem, MediaKind, SourceFormat, SubtitleSource } from '@/lib/media/types';

/** What one URL turned out to hold, before the extraction's id and platform are attached. */
export interface ResourceAnalysis {
  url: string;
  kind: MediaKind;
  title: string;
  description?: string;
  thumbnail?: string;
  duration?: number;
  /** YYYY-MM-DD */
  uploadDate?: string;
  sources: SourceFormat[];
  subtitles?: SubtitleSource[];
  items?: ExtractedItem[];
  entries?: { url: string; title?: string; thumbnail?: string }[];
}
