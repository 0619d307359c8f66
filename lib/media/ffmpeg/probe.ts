import 'server-only';
import { execFile } from 'node:child_process';
import type { Readable } from 'node:stream';
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
  /** frames per second the timestamps are counted in (r_frame_rate), for video */
  baseFrameRate?: number;
  /** bit/s, when the container says */
  bitrate?: number;
  /** a picture attached to the file (cover art), not a video */
  attachedPic?: boolean;
}

export interface ProbeResult {
  /** ffprobe's demuxer names, e.g. "mov,mp4,m4a,3gp,3g2,mj2", "mpegts", "matroska,webm" */
  formatName: string;
  /** seconds */
  duration: number;
  size: number;
  /** bit/s over the whole file, when ffprobe can tell */
  bitrate?: number;
  streams: ProbedStream[];
  /** With `keyframes: true`: the picture's keyframe times, in seconds from the file's start, ascending. */
  keyframes?: number[];
  /** With `chapters: true`: the file's chapters (MP4 chapter track or Nero list, Matroska, ID3v2 CHAP), in order. */
  chapters?: { start: number; end: number; title: string }[];
}

interface RawProbe {
  format?: { format_name?: string; duration?: string; size?: string; start_time?: string; bit_rate?: string };
  packets?: { stream_index?: number; pts_time?: string; dts_time?: string; flags?: string }[];
  chapters?: { start_time?: string; end_time?: string; tags?: { title?: string } }[];
  streams?: {
    index: number; codec_type: string; codec_name?: string; width?: number; height?: number; pix_fmt?: string;
    profile?: string; duration?: string; channels?: number; sample_rate?: string; start_time?: string; avg_frame_rate?: string;
    r_frame_rate?: string; bit_rate?: string; disposition?: { attached_pic?: number };
  }[];
}

const FIELDS = 'format=format_name,duration,size,start_time,bit_rate'
  + ':stream=index,codec_type,codec_name,width,height,pix_fmt,profile,duration,channels,sample_rate,start_time,avg_frame_rate,r_frame_rate,bit_rate'
  + ':stream_disposition=attached_pic';

/** "25/1" → 25; "0/0" and nonsense → undefined. */
function rate(value: string | undefined): number | undefined {
  const match = value ? /^(\d+)\/(\d+)$/.exec(value) : null;
  if (!match || match[2] === '0') return undefined;
  const fps = Number(match[1]) / Number(match[2]);
  return fps > 0 && fps < 1000 ? fps : undefined;
}

const num = (value: string | undefined) => (value === undefined || Number.isNaN(Number(value)) ? undefined : Number(value));
const positive = (value: string | undefined) => {
  const n = num(value);
  return n !== undefined && Number.isFinite(n) && n > 0 ? n : undefined;
};

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

/** Chapters as ffprobe reads them, with their times counted from the file's start as players count them. */
function chaptersOf(raw: RawProbe): NonNullable<ProbeResult['chapters']> {
  const origin = num(raw.format?.start_time) ?? 0;
  return (raw.chapters ?? []).flatMap((c) => {
    const start = num(c.start_time);
    const end = num(c.end_time);
    return start === undefined || end === undefined ? [] : [{ start: Math.max(0, start - origin), end: Math.max(0, end - origin), title: c.tags?.title ?? '' }];
  });
}

function readProbe(raw: RawProbe, keyframes: boolean, chapters = false): ProbeResult {
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
    ...(rate(s.r_frame_rate) ? { baseFrameRate: rate(s.r_frame_rate) } : {}),
    ...(positive(s.bit_rate) ? { bitrate: positive(s.bit_rate) } : {}),
    ...(s.disposition?.attached_pic ? { attachedPic: true } : {}),
  }));
  return {
    formatName: raw.format?.format_name ?? '',
    duration: num(raw.format?.duration) ?? 0,
    size: num(raw.format?.size) ?? 0,
    ...(positive(raw.format?.bit_rate) ? { bitrate: positive(raw.format?.bit_rate) } : {}),
    streams,
    ...(keyframes ? { keyframes: keyframesOf(raw, streams) } : {}),
    ...(chapters ? { chapters: chaptersOf(raw) } : {}),
  };
}

/**
 * What a local file, bytes we hold or a stream of them (on stdin) carry, by ffprobe — the one way anything runs
 * it. Never a URL, and only self-contained containers: a playlist or list file posing as media must not lead ffprobe to another file
 * or the network. Bytes are often a file's head cut short: a non-zero exit still answers with the streams it read.
 * Anything else unreadable, killed or slower than `timeoutMs` (60 s) is `upstream_failed`. `keyframes` also lists
 * the picture's keyframes in the same run (a cut that copies the picture starts on one); `chapters` its chapters.
 */
export function probeMedia(
  input: string | { bytes: Buffer } | { stream: Readable },
  opts: { signal?: AbortSignal; keyframes?: boolean; chapters?: boolean; timeoutMs?: number } = {},
): Promise<ProbeResult> {
  const piped = typeof input !== 'string';
  const packets = opts.keyframes ? ':packet=stream_index,pts_time,dts_time,flags' : '';
  const args = ['-v', 'error', '-show_entries', FIELDS + packets, ...(opts.chapters ? ['-show_chapters'] : []), '-of', 'json', ...localInputArgs(piped ? 'pipe:0' : `file:${input}`)];
  const options = { signal: opts.signal, maxBuffer: (opts.keyframes ? 256 : 4) * 1024 * 1024, timeout: opts.timeoutMs ?? 60_000, killSignal: 'SIGKILL' as const };
  return new Promise((resolve, reject) => {
    const child = execFile(ffprobeBin(), args, options, (error, stdout) => {
      let result: ProbeResult | undefined;
      try {
        result = readProbe(JSON.parse(stdout) as RawProbe, Boolean(opts.keyframes), Boolean(opts.chapters));
      } catch {
        // no JSON: nothing was read
      }
      const cutShort = piped && typeof error?.code === 'number' && !error.killed && result?.streams.length;
      if (result && (!error || cutShort)) return resolve(result);
      reject(new AppError('upstream_failed', 'The media could not be read', { cause: error?.message ?? 'no answer' }));
    });
    // ffprobe may stop reading once it has seen enough; the broken pipe is expected.
    child.stdin?.on('error', () => {});
    if (typeof input === 'string') child.stdin?.end();
    else if ('bytes' in input) child.stdin?.end(input.bytes);
    else if (child.stdin) {
      const { stream } = input;
      stream.on('error', () => child.stdin?.destroy());
      child.on('close', () => stream.destroy());
      stream.pipe(child.stdin);
    }
  });
}

export const firstStream = (probe: ProbeResult, type: 'video' | 'audio') =>
  // Cover art arrives as a "video" stream (mjpeg/png) in MP3 and M4A files: it is not the picture we want.
  probe.streams.find((s) => s.codecType === type && !(type === 'video' && /^(mjpeg|png|bmp)$/.test(s.codecName)));
