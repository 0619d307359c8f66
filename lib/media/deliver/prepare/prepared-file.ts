import type { FileTags } from '@/lib/media/ffmpeg/metadata-args';
import type { DeliveryOptions } from '@/lib/media/trim/trim-range';
import type { SubtitleSource } from '@/lib/media/types';
import type { ChapterWork } from './chapter-work';

export interface PreparedFile {
  file: string;
  size: number;
}

export interface PrepareOptions {
  signal: AbortSignal;
  /** 0..1: bytes fetched first, then ffmpeg's output clock. */
  onProgress?: (fraction: number) => void;
  /** A cut, and whether `tags` (and for audio the `picture` as its cover) go into the file. Default: whole, no tags. */
  delivery?: DeliveryOptions;
  tags?: FileTags;
  /** The media's picture (a remote URL, fetched through the guard). */
  picture?: string;
  /** A text track to mux into a video offer as a soft subtitle track. */
  subtitle?: SubtitleSource;
  /** The chapters written into the file and the stretches cut out of it (SponsorBlock's), in the source's seconds. */
  chapterWork?: ChapterWork;
}
