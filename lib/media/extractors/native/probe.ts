import 'server-only';
import { AppError } from '@/lib/errors';
import { probeMedia, type ProbeResult } from '@/lib/media/ffmpeg/probe';

/** What an analysis learns of a file (from ffprobe or the in-process parsers alike): what a format offer shows. */
export interface MediaFacts {
  /** seconds */
  duration?: number;
  width?: number;
  height?: number;
  vcodec: string | null;
  acodec: string | null;
  fps?: number;
  /** kbit/s */
  bitrate?: number;
  /** ffprobe's format_name, first alias (mov, matroska, mp3, png_pipe…) */
  container?: string;
  /** of the first audio stream */
  channels?: number;
  /** kbit/s of the first audio stream, when the container says */
  audioBitrate?: number;
  /** The chapters the file carries (an MP4 chapter track, Matroska chapters, ID3v2 CHAP), when it has any. */
  chapters?: { start: number; end: number; title: string }[];
}

/** An analysis waits for its probe: one taking longer says nothing worth the wait. */
const TIMEOUT_MS = 10_000;
const HEAD_BYTES = 4 * 1024 * 1024;
/** Pictures (cover art, thumbnails) ride along as "video" streams in audio files; they are not video. */
const PICTURE_CODECS = new Set(['mjpeg', 'png', 'bmp', 'gif', 'webp']);
const kbps = (bits: number | undefined) => (bits ? Math.round(bits / 1000) : undefined);

/** ffprobe's answer → the facts an offer shows. */
export function factsOf(probe: ProbeResult): MediaFacts {
  const video = probe.streams.find((s) => s.codecType === 'video' && !s.attachedPic);
  const audio = probe.streams.find((s) => s.codecType === 'audio');
  const isPicture = video !== undefined && PICTURE_CODECS.has(video.codecName) && audio !== undefined;
  const fps = video?.frameRate ?? video?.baseFrameRate;
  return {
    duration: probe.duration > 0 ? probe.duration : undefined,
    width: video?.width || undefined,
    height: video?.height || undefined,
    vcodec: video && !isPicture ? video.codecName : null,
    acodec: audio ? audio.codecName : null,
    fps: fps ? Math.round(fps * 1000) / 1000 : undefined,
    bitrate: kbps(probe.bitrate),
    container: probe.formatName.split(',')[0] || undefined,
    ...(audio?.channels ? { channels: audio.channels } : {}),
    ...(audio?.bitrate ? { audioBitrate: kbps(audio.bitrate) } : {}),
    ...(probe.chapters?.length ? { chapters: probe.chapters } : {}),
  };
}

/**
 * The facts of bytes we hold (their first 4 MB: enough for the headers of every container we meet) or of a file we
 * wrote; one in which ffprobe finds no stream is `upstream_failed`.
 */
export async function probeFacts(input: { bytes: Buffer } | { path: string }): Promise<MediaFacts> {
  const facts = factsOf(await probeMedia('bytes' in input ? { bytes: input.bytes.subarray(0, HEAD_BYTES) } : input.path, { timeoutMs: TIMEOUT_MS, chapters: true }));
  if (!facts.vcodec && !facts.acodec && !facts.width) throw new AppError('upstream_failed', 'The media could not be read');
  return facts;
}

export const probeBytes = (buf: Buffer) => probeFacts({ bytes: buf });
