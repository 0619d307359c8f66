import { AppError } from '@/lib/errors';
import { parseImage } from '@/lib/media/formats/image';
import { parseMp3 } from '@/lib/media/formats/mp3';
import { scanMp4, type Mp4Info, type TailRequest } from '@/lib/media/formats/mp4';
import { parseWebm, type WebmInfo } from '@/lib/media/formats/webm';
import type { MediaFacts } from './probe';

/** Bytes fetched from `offset` after a `needsTail` answer. */
export interface TailBytes {
  offset: number;
  bytes: Buffer;
}

export type FastProbeResult = MediaFacts | { needsTail: TailRequest } | null;

// Codec names are ffprobe's, so a result reads the same whichever path produced it.
const MP4_CODECS: [RegExp, string][] = [
  [/^avc[13]\./, 'h264'], [/^(hvc1|hev1)\./, 'hevc'], [/^vp09\./, 'vp9'], [/^av01\./, 'av1'],
  [/^mp4a\.40\.34$/, 'mp3'], [/^mp4a\.40\.\d+$/, 'aac'], [/^mp4a\.(6b|69)$/, 'mp3'],
  [/^opus$/, 'opus'], [/^flac$/, 'flac'], [/^alac$/, 'alac'], [/^ac-3$/, 'ac3'], [/^ec-3$/, 'eac3'],
];
const MATROSKA_CODECS: Record<string, string> = {
  V_VP9: 'vp9', V_VP8: 'vp8', V_AV1: 'av1', 'V_MPEG4/ISO/AVC': 'h264', 'V_MPEGH/ISO/HEVC': 'hevc',
  A_OPUS: 'opus', A_VORBIS: 'vorbis', A_AAC: 'aac', 'A_MPEG/L3': 'mp3', A_AC3: 'ac3', A_EAC3: 'eac3', A_FLAC: 'flac',
};
const IMAGE_CONTAINERS = { mjpeg: 'jpeg_pipe', png: 'png_pipe', webp: 'webp_pipe', gif: 'gif' } as const;
const MPEG_LAYERS = { 1: 'mp1', 2: 'mp2', 3: 'mp3' } as const;

/** Whole-file average, as ffprobe computes it when it can see the file size. */
const averageKbps = (totalSize: number | undefined, duration: number | undefined) =>
  totalSize && duration ? Math.round((totalSize * 8) / duration / 1000) : undefined;

/**
 * Describes common media from bytes already held, without ffprobe's ~150 ms process start: MP4/MOV/M4A, WebM/MKV,
 * MP3, JPEG, PNG, WebP, GIF. `needsTail` asks for the bytes from an offset (an MP4 whose moov is at the end);
 * null means "not sure" — ffprobe decides then.
 */
export function fastProbe(head: Buffer, totalSize?: number, tail?: TailBytes): FastProbeResult {
  try {
    if (tail) return fromMp4(scanMp4(tail.bytes, tail.offset, totalSize), totalSize);
    if (head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp') return fromMp4(scanMp4(head, 0, totalSize), totalSize);
    if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return fromWebm(parseWebm(head), totalSize);
    if (head.toString('latin1', 0, 3) === 'ID3' || (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0)) {
      return fromMp3(head, totalSize);
    }
    const image = parseImage(head);
    if (!image) return null;
    return { vcodec: image.codec, acodec: null, width: image.width, height: image.height, container: IMAGE_CONTAINERS[image.codec] };
  } catch (error) {
    // Bytes our parsers call malformed may still be readable by ffprobe, which is more forgiving.
    if (error instanceof AppError) return null;
    throw error;
  }
}

function fromMp4(scan: ReturnType<typeof scanMp4>, totalSize?: number): FastProbeResult {
  if (!scan || 'needsTail' in scan) return scan;
  const { duration, tracks }: Mp4Info = scan.info;
  const video = tracks.find((t) => t.kind === 'video');
  const audio = tracks.find((t) => t.kind === 'audio');
  const vcodec = video ? MP4_CODECS.find(([pattern]) => pattern.test(video.codec ?? ''))?.[1] : null;
  const acodec = audio ? MP4_CODECS.find(([pattern]) => pattern.test(audio.codec ?? ''))?.[1] : null;
  // An unnamed codec, no stream at all, or no duration (fragments without mehd): leave it to ffprobe.
  if (vcodec === undefined || acodec === undefined || (!video && !audio) || !duration) return null;
  return {
    duration, vcodec, acodec, container: 'mov',
    width: video?.width, height: video?.height, fps: video?.fps, bitrate: averageKbps(totalSize, duration),
  };
}

function fromWebm(info: WebmInfo | null, totalSize?: number): FastProbeResult {
  if (!info) return null;
  const video = info.tracks.find((t) => t.kind === 'video');
  const audio = info.tracks.find((t) => t.kind === 'audio');
  // A_AAC may carry a profile suffix (A_AAC/MPEG4/LC); the family is what matters here.
  const name = (id: string) => MATROSKA_CODECS[id] ?? (id.startsWith('A_AAC') ? 'aac' : undefined);
  const vcodec = video ? name(video.codecId) : null;
  const acodec = audio ? name(audio.codecId) : null;
  if (vcodec === undefined || acodec === undefined || (!video && !audio)) return null;
  return {
    duration: info.duration, vcodec, acodec, container: 'matroska',
    width: video?.width, height: video?.height, fps: video?.fps, bitrate: averageKbps(totalSize, info.duration),
  };
}

function fromMp3(head: Buffer, totalSize?: number): FastProbeResult {
  const info = parseMp3(head, totalSize);
  if (!info) return null;
  return {
    duration: info.duration, vcodec: null, acodec: MPEG_LAYERS[info.layer], container: 'mp3',
    bitrate: averageKbps(totalSize, info.duration) ?? info.bitrate,
  };
}
