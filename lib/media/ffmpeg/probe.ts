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
  /** With `keyframes: true`: the picture's keyframe times, in seconds from the file's start, ascending. */
  keyframes?: number[];
}

interface RawProbe {
  format?: { format_name?: string; duration?: string; size?: string; start_time?: string };
  packets?: { stream_index?: number; pts_time?: string; dts_time?: string; flags?: string }[];
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

/**
 * Keyframe times of the first real picture stream, from the packets' flags (nothing is decoded), counted from the
 * file's start as `-ss` counts.
 */
function keyframesOf(raw: RawProbe, streams: ProbedStream[]): number[] {
  const video = firstStream({ formatName: '', duration: 0, size: 0, streams }, 'video');
  if (!video) return [];
  const origin = num(raw.format?.start_time) ?? 0;
  const times = (raw.packets ?? [])
    .filter((p) => p.stream_index === video.index && p.flags?.startsWith('K'))
    .map((p) => (num(p.pts_time) ?? num(p.dts_time) ?? NaN) - origin)
    .filter((t) => Number.isFinite(t));
  return times.sort((a, b) => a - b);
}

/**
 * What a local file holds, by ffprobe (local files only, and only self-contained containers, as the converter).
 * `keyframes` also lists the picture's keyframes in the same run (a cut that copies the picture starts on one).
 */
export function probeMedia(file: string, opts: { signal?: AbortSignal; keyframes?: boolean } = {}): Promise<ProbeResult> {
  const packets = opts.keyframes ? ':packet=stream_index,pts_time,dts_time,flags' : '';
  const args = [
    '-v', 'error',
    '-show_entries', `format=format_name,duration,size,start_time:stream=index,codec_type,codec_name,width,height,pix_fmt,profile,duration,channels,sample_rate,start_time,avg_frame_rate${packets}`,
    '-of', 'json', ...localInputArgs(file),
  ];
  return new Promise((resolve, reject) => {
    const maxBuffer = (opts.keyframes ? 256 : 4) * 1024 * 1024;
    execFile(ffprobeBin(), args, { signal: opts.signal, maxBuffer, timeout: 60_000 }, (error, stdout) => {
      if (error) return reject(new AppError('upstream_failed', 'The media could not be read', { cause: error.message }));
      const raw = JSON.parse(stdout) as RawProbe;
      const streams = (raw.streams ?? []).map((s): ProbedStream => ({
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
        }));
      resolve({
        formatName: raw.format?.format_name ?? '',
        duration: num(raw.format?.duration) ?? 0,
        size: num(raw.format?.size) ?? 0,
        streams,
        ...(opts.keyframes ? { keyframes: keyframesOf(raw, streams) } : {}),
      });
    });
  });
}

export const firstStream = (probe: ProbeResult, type: 'video' | 'audio') =>
  // Cover art arrives as a "video" stream (mjpeg/png) in MP3 and M4A files: it is not the picture we want.
  probe.streams.find((s) => s.codecType === type && !(type === 'video' && /^(mjpeg|png|bmp)$/.test(s.codecName)));
