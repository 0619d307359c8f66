import 'server-only';
import { execFile } from 'node:child_process';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { localInputArgs } from './input-args';

/** The prober to run (FFPROBE_PATH). */
export const ffprobeBin = (): string => config().env.FFPROBE_PATH;

export interface ProbedStream {
  index: number;
  codecType: 'video' | 'audio' | 'subtitle' | 'data' | 'attachment';
  codecName: string;
  width?: number;
  height?: number;
  pixFmt?: string;
  profile?: string;
  /** seconds, when the container says */
  duration?: number;
  channels?: number;
  sampleRate?: number;
  /** seconds */
  startTime?: number;
  /** frames per second (average), for video */
  frameRate?: number;
}

export interface ProbeResult {
  /** ffprobe's demuxer names, e.g. "mov,mp4,m4a,3gp,3g2,mj2", "mpegts", "matroska,webm" */
  formatName: string;
  /** seconds */
  duration: number;
  size: number;
  streams: ProbedStream[];
}

interface RawProbe {
  format?: { format_name?: string; duration?: string; size?: string };
  streams?: {
    index: number; codec_type: string; codec_name?: string; width?: number; height?: number; pix_fmt?: string;
    profile?: string; duration?: string; channels?: number; sample_rate?: string; start_time?: string; avg_frame_rate?: string;
  }[];
}

/** "25/1" → 25; "0/0" and nonsense → undefined. */
function rate(value: string | undefined): number | undefined {
  const match = value ? /^(\d+)\/(\d+)$/.exec(value) : null;
  if (!match || match[2] === '0') return undefined;
  const fps = Number(match[1]) / Number(match[2]);
  return fps > 0 && fps < 1000 ? fps : undefined;
}

const num = (value: string | undefined) => (value === undefined || Number.isNaN(Number(value)) ? undefined : Number(value));

/** What a local file holds, by ffprobe (local files only, and only self-contained containers, as the converter). */
export function probeMedia(file: string, opts: { signal?: AbortSignal } = {}): Promise<ProbeResult> {
  const args = [
    '-v', 'error',
    '-show_entries', 'format=format_name,duration,size:stream=index,codec_type,codec_name,width,height,pix_fmt,profile,duration,channels,sample_rate,start_time,avg_frame_rate',
    '-of', 'json', ...localInputArgs(file),
  ];
  return new Promise((resolve, reject) => {
    execFile(ffprobeBin(), args, { signal: opts.signal, maxBuffer: 4 * 1024 * 1024, timeout: 60_000 }, (error, stdout) => {
      if (error) return reject(new AppError('upstream_failed', 'The media could not be read', { cause: error.message }));
      const raw = JSON.parse(stdout) as RawProbe;
      resolve({
        formatName: raw.format?.format_name ?? '',
        duration: num(raw.format?.duration) ?? 0,
        size: num(raw.format?.size) ?? 0,
        streams: (raw.streams ?? []).map((s) => ({
          index: s.index,
          codecType: s.codec_type as ProbedStream['codecType'],
          codecName: s.codec_name ?? 'unknown',
          width: s.width,
          height: s.height,
          pixFmt: s.pix_fmt,
          profile: s.profile,
          duration: num(s.duration),
          ...(s.channels ? { channels: s.channels } : {}),
          ...(num(s.sample_rate) ? { sampleRate: num(s.sample_rate) } : {}),
          ...(num(s.start_time) !== undefined ? { startTime: num(s.start_time) } : {}),
          ...(rate(s.avg_frame_rate) ? { frameRate: rate(s.avg_frame_rate) } : {}),
        })),
      });
    });
  });
}

export const firstStream = (probe: ProbeResult, type: 'video' | 'audio') =>
  // Cover art arrives as a "video" stream (mjpeg/png) in MP3 and M4A files: it is not the picture we want.
  probe.streams.find((s) => s.codecType === type && !(type === 'video' && /^(mjpeg|png|bmp)$/.test(s.codecName)));
