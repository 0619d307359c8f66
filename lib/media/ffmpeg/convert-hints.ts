import type { ProbedStream } from './probe';

/** The codec strings an extraction reports for a source: RFC 6381 (`avc1.640028`) or ffprobe names (`aac`). */
export interface CodecHints {
  vcodec?: string | null;
  acodec?: string | null;
}

export type HintedStream = Pick<ProbedStream, 'codecType' | 'codecName' | 'pixFmt'>;

/**
 * H.264 profiles whose pictures are always 8-bit 4:2:0 (Baseline, Main, Extended, High): only those let us copy
 * without reading the file, since 4:4:4 or 10-bit H.264 must be re-encoded for phones. A bare `h264` says
 * nothing about chroma, so it does not count as precise.
 */
const AVC_420_PROFILES = new Set(['42', '4d', '58', '64']);

function videoFromHint(codec: string): HintedStream | undefined {
  const value = codec.trim().toLowerCase();
  const avc = /^avc[13]\.([0-9a-f]{2})[0-9a-f]{4}$/.exec(value);
  if (avc) return AVC_420_PROFILES.has(avc[1]) ? { codecType: 'video', codecName: 'h264', pixFmt: 'yuv420p' } : undefined;
  if (/^(hvc1|hev1)\./.test(value) || value === 'hevc') return { codecType: 'video', codecName: 'hevc' };
  if (/^vp0?9(\.|$)/.test(value)) return { codecType: 'video', codecName: 'vp9' };
  if (/^av01\./.test(value) || value === 'av1') return { codecType: 'video', codecName: 'av1' };
  if (value === 'vp8') return { codecType: 'video', codecName: 'vp8' };
  return undefined;
}

function audioFromHint(codec: string): HintedStream | undefined {
  const value = codec.trim().toLowerCase();
  // AAC-LC, HE-AAC and HE-AACv2 are all "aac" to ffmpeg.
  if (/^mp4a\.40\.(2|5|29)$/.test(value) || value === 'aac') return { codecType: 'audio', codecName: 'aac' };
  if (value === 'mp3' || value === 'mp4a.6b' || value === 'mp4a.69') return { codecType: 'audio', codecName: 'mp3' };
  if (value === 'opus' || value === 'vorbis') return { codecType: 'audio', codecName: value };
  return undefined;
}

/** What the extraction says a source carries, when it says so precisely enough to act on; else undefined. */
export function streamFromHint(type: 'video' | 'audio', hints: CodecHints | undefined): HintedStream | undefined {
  const codec = type === 'video' ? hints?.vcodec : hints?.acodec;
  if (!codec || codec === 'unknown') return undefined;
  return type === 'video' ? videoFromHint(codec) : audioFromHint(codec);
}
