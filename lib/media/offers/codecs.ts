/**
 * Codec families, from the strings extractors report: RFC 6381 (avc1.64001f, mp4a.40.2, vp09.00…) from
 * manifests and yt-dlp, ffprobe names (h264, aac, vp9…) from probes. 'unknown' means a stream exists but nobody
 * said what it is (an HLS variant without CODECS); null means there is no such stream.
 */
export type VideoFamily = 'h264' | 'hevc' | 'vp9' | 'av1' | 'vp8' | 'other' | 'unknown';
export type AudioFamily = 'aac' | 'mp3' | 'opus' | 'vorbis' | 'flac' | 'ac3' | 'pcm' | 'other' | 'unknown';

const VIDEO_PATTERNS: [RegExp, VideoFamily][] = [
  [/^(avc[1-4]?|h\.?264)\b/i, 'h264'],
  [/^(hvc1|hev1|hevc|h\.?265|dvh[1e])\b/i, 'hevc'],
  [/^(vp0?9|vp09)\b/i, 'vp9'],
  [/^(av01|av1)\b/i, 'av1'],
  [/^(vp0?8)\b/i, 'vp8'],
];

const AUDIO_PATTERNS: [RegExp, AudioFamily][] = [
  [/^(mp4a\.40|mp4a$|aac)/i, 'aac'],
  [/^(mp4a\.6[9b]|mp3)/i, 'mp3'],
  [/^opus\b/i, 'opus'],
  [/^vorbis\b/i, 'vorbis'],
  [/^(flac|alac)\b/i, 'flac'],
  [/^(ac-3|ec-3|ac3|eac3|ac-4)\b/i, 'ac3'],
  [/^pcm_/i, 'pcm'],
];

function absent(codec: string | null | undefined): boolean {
  return codec === null || codec === undefined || codec === '' || codec === 'none';
}

export function videoFamily(codec: string | null | undefined): VideoFamily | null {
  if (absent(codec)) return null;
  if (codec === 'unknown') return 'unknown';
  return VIDEO_PATTERNS.find(([pattern]) => pattern.test(codec!))?.[1] ?? 'other';
}

export function audioFamily(codec: string | null | undefined): AudioFamily | null {
  if (absent(codec)) return null;
  if (codec === 'unknown') return 'unknown';
  // mp4a.40.34 is MPEG-1 Layer 3 carried in MP4; test it before the AAC family swallows it.
  if (/^mp4a\.40\.34$/i.test(codec!)) return 'mp3';
  return AUDIO_PATTERNS.find(([pattern]) => pattern.test(codec!))?.[1] ?? 'other';
}

/**
 * What each container may carry by plain copy. MP4 is held to what plays in browsers, iOS and WhatsApp,
 * so VP9/AV1 in MP4 are transcoded rather than copied. An 'unknown' codec is taken as the common
 * case (H.264/AAC): the converter probes the fetched stream and transcodes when the copy would be wrong.
 */
export const MP4_VIDEO: ReadonlySet<VideoFamily> = new Set(['h264', 'hevc', 'unknown']);
export const MP4_AUDIO: ReadonlySet<AudioFamily> = new Set(['aac', 'unknown']);
export const WEBM_VIDEO: ReadonlySet<VideoFamily> = new Set(['vp9', 'av1', 'vp8']);
export const WEBM_AUDIO: ReadonlySet<AudioFamily> = new Set(['opus', 'vorbis']);

const VIDEO_LABEL: Record<VideoFamily, string> = {
  h264: 'H.264', hevc: 'HEVC', vp9: 'VP9', av1: 'AV1', vp8: 'VP8', other: 'Video', unknown: 'Video',
};

export function videoLabel(family: VideoFamily): string {
  return VIDEO_LABEL[family];
}
