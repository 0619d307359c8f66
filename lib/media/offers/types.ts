import type { SubtitleOffer } from '@/lib/media/schemas';
import type { Format, SourceFormat, SubtitleSource } from '@/lib/media/types';

/**
 * The cost of preparing an offer, cheapest first; a plan's action is its most expensive step. `thumbnail` is the
 * media's picture as a JPEG: fetched like the card's thumbnail, converted when the source sent another type.
 */
export type OfferAction = 'passthrough' | 'thumbnail' | 'remux' | 'merge' | 'transcode-audio' | 'transcode-video';

/** What we write. `ogg` carries the `.opus` offer. */
export type OfferContainer = 'mp4' | 'webm' | 'mp3' | 'm4a' | 'wav' | 'ogg' | 'jpg' | 'png' | 'webp' | 'gif' | 'srt' | 'vtt';

export type OfferKind = 'video' | 'audio' | 'image' | 'subtitles';

/**
 * How the download engine prepares one offer (the itag the user picked):
 * - passthrough: stream `video` (or `audio`, or the image) as it is, with Range.
 * - remux: one source, streams copied into `container` (HLS .ts → .mp4, audio out of a muxed file…).
 * - merge: `video` and `audio` are separate sources, both copied into `container`.
 * - transcode-audio / transcode-video: what `audioCodec` / `videoCodec` say ('copy' keeps that stream).
 * `video` and `audio` may be the same SourceFormat (a muxed source). An audio offer has only `audio`
 * (from a muxed source: drop the video). A video offer without `audio` is a silent video.
 */
export interface OfferPlan {
  itag: string;
  ext: string;
  kind: OfferKind;
  video?: SourceFormat;
  audio?: SourceFormat;
  /** An image offer's source (always passthrough). */
  image?: SourceFormat;
  /** A subtitles offer's text track, written as `container` (srt or vtt). */
  subtitle?: SubtitleSource;
  action: OfferAction;
  container: OfferContainer;
  videoCodec?: 'copy' | 'h264' | 'vp9';
  audioCodec?: 'copy' | 'aac' | 'mp3' | 'opus' | 'pcm_s16le';
  /** kbit/s, for encoded audio. */
  audioBitrate?: number;
  /** The ladder height the offer is labelled with (the source's own may be lower, never higher). */
  height?: number;
  /** A slideshow video: these pictures in order, each for its seconds, over `audio` (lib/media/ffmpeg/slideshow.ts). */
  slides?: SourceFormat[];
  slideSeconds?: (number | undefined)[];
  /** The "for messaging" file: H.264 + AAC at most 720p, its bitrate set so the file fits 16 MB (`messaging.ts`). */
  messaging?: boolean;
}

export interface Offers {
  /** What the user sees, the default first. */
  formats: Format[];
  /** itag → plan. */
  plans: Map<string, OfferPlan>;
  /** Qualities in the order the UI lists them: video heights high → low, then audio, then images. */
  availableQualities: string[];
  /** Text tracks, each as .srt and .vtt (their plans are in `plans` too). */
  subtitles: SubtitleOffer[];
}

/** What offers are computed from: an Extraction, or one item of a multi-item post. */
export interface OfferInput {
  sources: SourceFormat[];
  subtitles?: SubtitleSource[];
  /** seconds */
  duration?: number;
  /** The largest picture the source names for it (a video's thumbnail): offered as a JPEG beside a video. */
  thumbnail?: string;
}

/** One offer while it is being built: the format shown and its plan. */
export interface Offer {
  format: Format;
  plan: OfferPlan;
}
