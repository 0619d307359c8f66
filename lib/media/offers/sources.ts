import type { SourceFormat } from '@/lib/media/types';
import { audioFamily, videoFamily } from './codecs';

const IMAGE_CONTAINERS = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif']);

/** The sources of one media, sorted into what offers are made of. */
export interface SortedSources {
  /** Streams with a picture that moves (video-only or muxed), best first. */
  videos: SourceFormat[];
  /** Audio-only streams, best first. */
  audios: SourceFormat[];
  /** Stills, largest first. */
  images: SourceFormat[];
}

export function isImageSource(source: SourceFormat): boolean {
  if (source.isImage) return true;
  return source.vcodec === null && source.acodec === null && IMAGE_CONTAINERS.has(source.container ?? '');
}

export function hasVideo(source: SourceFormat): boolean {
  return !isImageSource(source) && videoFamily(source.vcodec) !== null;
}

export function hasAudio(source: SourceFormat): boolean {
  return !isImageSource(source) && audioFamily(source.acodec) !== null;
}

/** A portrait 1080×1920 video is "1080p", as players label it: the short side names the quality. */
export function shortSide(source: SourceFormat): number | undefined {
  if (source.width && source.height) return Math.min(source.width, source.height);
  return source.height || undefined;
}

const byBestVideo = (a: SourceFormat, b: SourceFormat) =>
  (shortSide(b) ?? 0) - (shortSide(a) ?? 0) || (b.fps ?? 0) - (a.fps ?? 0) || (b.tbr ?? 0) - (a.tbr ?? 0);

/** The default track first (alternates — commentary, dubs — carry a negative preference), then bitrate. */
const byBestAudio = (a: SourceFormat, b: SourceFormat) => (b.preference ?? 0) - (a.preference ?? 0) || (b.tbr ?? 0) - (a.tbr ?? 0);

const area = (s: SourceFormat) => (s.width ?? 0) * (s.height ?? 0);

export function sortSources(sources: SourceFormat[]): SortedSources {
  return {
    videos: sources.filter(hasVideo).sort(byBestVideo),
    audios: sources.filter((s) => hasAudio(s) && !hasVideo(s)).sort(byBestAudio),
    images: sources.filter(isImageSource).sort((a, b) => area(b) - area(a)),
  };
}

/** Best first by the given rank (lower is better), the original order breaking ties. */
export function preferBy<T>(list: T[], rank: (item: T) => number): T[] {
  return list
    .map((item, index) => ({ item, index, rank: rank(item) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.item);
}

/**
 * Where audio comes from when the user wants audio only: an audio-only stream when there is one; otherwise a
 * muxed stream, the best one up to 720p — higher ones rarely carry better audio and cost far more to fetch.
 */
export function audioSourceFor(sorted: SortedSources): SourceFormat | undefined {
  const main = sorted.audios.filter((s) => (s.preference ?? 0) >= 0);
  if (main.length > 0) return main[0];
  // The default sound is muxed in the video: an alternate track is not what "audio only" means.
  const muxed = sorted.videos.filter(hasAudio);
  return muxed.find((s) => (shortSide(s) ?? 0) <= 720) ?? muxed[muxed.length - 1] ?? sorted.audios[0];
}
