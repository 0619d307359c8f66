import 'server-only';
import { spawn } from 'node:child_process';
import { AppError } from '@/lib/errors';
import { localInputArgs } from '@/lib/media/ffmpeg/input-args';
import { ffprobeBin } from '@/lib/media/ffmpeg/probe';

export interface ProbeResult {
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
}

const TIMEOUT_MS = 10_000;
const MAX_OUTPUT = 1024 * 1024;
/** Pictures (cover art, thumbnails) ride along as "video" streams in audio files; they are not video. */
const PICTURE_CODECS = new Set(['mjpeg', 'png', 'bmp', 'gif', 'webp']);

interface FfprobeJson {
  format?: { duration?: string; bit_rate?: string; format_name?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    channels?: number;
    bit_rate?: string;
    disposition?: { attached_pic?: number };
  }[];
}

function rate(value: string | undefined): number | undefined {
  const match = value ? /^(\d+)\/(\d+)$/.exec(value) : null;
  if (!match || match[2] === '0') return undefined;
  const fps = Number(match[1]) / Number(match[2]);
  return fps > 0 && fps < 1000 ? Math.round(fps * 1000) / 1000 : undefined;
}

const positive = (value: string | undefined) => {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : undefined;
};

/** ffprobe's JSON → ProbeResult. Exported for tests of the mapping. */
export function readProbeJson(json: FfprobeJson): ProbeResult {
  const streams = json.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const isPicture = video !== undefined && PICTURE_CODECS.has(video.codec_name ?? '') && audio !== undefined;
  const bitRate = positive(json.format?.bit_rate);
  return {
    duration: positive(json.format?.duration),
    width: video?.width || undefined,
    height: video?.height || undefined,
    vcodec: video && !isPicture ? video.codec_name ?? 'unknown' : null,
    acodec: audio ? audio.codec_name ?? 'unknown' : null,
    fps: rate(video?.avg_frame_rate) ?? rate(video?.r_frame_rate),
    bitrate: bitRate ? Math.round(bitRate / 1000) : undefined,
    container: json.format?.format_name?.split(',')[0],
    ...(audio?.channels ? { channels: audio.channels } : {}),
    ...(positive(audio?.bit_rate) ? { audioBitrate: Math.round(positive(audio?.bit_rate)! / 1000) } : {}),
  };
}

/**
 * Runs ffprobe over bytes we already hold (stdin) or a file we wrote. Never a URL, and only self-contained
 * containers: a playlist or list file posing as media must not lead ffprobe to another file or the network.
 */
export function runFfprobe(input: { bytes: Buffer } | { path: string }): Promise<ProbeResult> {
  const source = 'bytes' in input ? 'pipe:0' : `file:${input.path}`;
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...localInputArgs(source)];
  return new Promise((resolve, reject) => {
    const child = spawn(ffprobeBin(), args, { stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      if (out.length < MAX_OUTPUT) out += chunk.toString('utf8');
    });
    // ffprobe may stop reading once it has seen enough; the broken pipe is expected.
    child.stdin.on('error', () => {});
    child.on('error', () => {
      clearTimeout(timer);
      reject(new AppError('internal', 'Media probe unavailable'));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (signal) return reject(new AppError('upstream_timeout', 'Probing the media took too long'));
      try {
        const result = readProbeJson(JSON.parse(out) as FfprobeJson);
        if (code !== 0 && !result.vcodec && !result.acodec) throw new Error('unreadable');
        if (!result.vcodec && !result.acodec && !result.width) throw new Error('no streams');
        resolve(result);
      } catch {
        reject(new AppError('upstream_failed', 'The media could not be read'));
      }
    });
    child.stdin.end('bytes' in input ? input.bytes : undefined);
  });
}

/** Probes the first bytes of a file (up to ~4 MB are enough for headers of every container we meet). */
export function probeBytes(buf: Buffer): Promise<ProbeResult> {
  return runFfprobe({ bytes: buf.length > 4 * 1024 * 1024 ? buf.subarray(0, 4 * 1024 * 1024) : buf });
}
