import { AppError } from '@/lib/errors';
import { localInputArgs } from './input-args';
import { firstStream, type ProbeResult, type ProbedStream } from './probe';

/** Codecs MPEG-TS carries as they are: a run in them is copied, anything else is encoded to H.264/AAC. */
const TS_VIDEO = new Set(['h264', 'hevc']);
const TS_AUDIO = new Set(['aac', 'mp3', 'ac3', 'eac3', 'mp2']);

export interface StitchRun {
  path: string;
  probe: ProbeResult;
}

interface Shape {
  video?: { codec: string; width?: number; height?: number };
  audio?: { codec: string; channels?: number; sampleRate?: number };
}

function shapeOf(probe: ProbeResult): Shape {
  const v = firstStream(probe, 'video');
  const a = firstStream(probe, 'audio');
  return {
    ...(v ? { video: { codec: v.codecName, width: v.width, height: v.height } } : {}),
    ...(a ? { audio: { codec: a.codecName, channels: a.channels, sampleRate: a.sampleRate } } : {}),
  };
}

/**
 * Whether every run can be copied into one MPEG-TS timeline: the same codecs (ones MPEG-TS carries), the same
 * picture size and the same audio layout throughout. Otherwise every run is encoded to one shape — the first
 * run's picture size, H.264 and stereo AAC at 48 kHz — so the stitched stream is one stream, not several.
 */
export function runsCopyable(runs: StitchRun[]): boolean {
  const shapes = runs.map((r) => shapeOf(r.probe));
  const first = shapes[0];
  return shapes.every((s) =>
    (s.video === undefined) === (first.video === undefined) &&
    (s.audio === undefined) === (first.audio === undefined) &&
    (!s.video || (TS_VIDEO.has(s.video.codec) && s.video.codec === first.video!.codec &&
      s.video.width === first.video!.width && s.video.height === first.video!.height)) &&
    (!s.audio || (TS_AUDIO.has(s.audio.codec) && s.audio.codec === first.audio!.codec &&
      s.audio.channels === first.audio!.channels && s.audio.sampleRate === first.audio!.sampleRate)),
  );
}

function encodeVideo(target: ProbedStream | undefined): string[] {
  const size = target?.width && target.height
    ? `scale=${target.width}:${target.height}:force_original_aspect_ratio=decrease,pad=${target.width}:${target.height}:(ow-iw)/2:(oh-ih)/2,setsar=1,`
    : '';
  return ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-profile:v', 'high',
    '-vf', `${size}scale=trunc(iw/2)*2:trunc(ih/2)*2`];
}

/**
 * One run (a DASH period, or the HLS segments between two discontinuities) → MPEG-TS whose clock starts at
 * `offsetSeconds`: ffmpeg moves the run's own first timestamp to 0, then the offset places it after the runs
 * before it, so the runs' files concatenate into one continuous timeline.
 */
export function buildStitchArgs(run: StitchRun, opts: { offsetSeconds: number; copy: boolean; shapeOf: ProbeResult; output: string }): string[] {
  const video = firstStream(run.probe, 'video');
  const audio = firstStream(run.probe, 'audio');
  if (!video && !audio) throw new AppError('upstream_failed', 'A part of the stream holds no video or audio');
  const target = firstStream(opts.shapeOf, 'video');
  const maps: string[] = [];
  const codecs: string[] = [];
  if (video) {
    maps.push('-map', `0:${video.index}`);
    codecs.push(...(opts.copy ? ['-c:v', 'copy'] : encodeVideo(target)));
  }
  if (audio) {
    maps.push('-map', `0:${audio.index}`);
    codecs.push(...(opts.copy ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '192k', '-ac', '2', '-ar', '48000']));
  }
  return [
    ...localInputArgs(run.path), ...maps, ...codecs,
    '-map_metadata', '-1', '-sn', '-dn', '-max_muxing_queue_size', '4096',
    '-output_ts_offset', offsetSeconds(opts.offsetSeconds), '-muxdelay', '0', '-muxpreload', '0',
    '-f', 'mpegts', '-y', opts.output,
  ];
}

const offsetSeconds = (value: number) => Math.max(0, value).toFixed(6);

/** The stream a run's timeline is measured by: its picture when it has one, else its sound. */
function clockStream(probe: ProbeResult): ProbedStream | undefined {
  return firstStream(probe, 'video') ?? firstStream(probe, 'audio');
}

/** Seconds: where a run's clock stream starts. */
export function timelineStart(probe: ProbeResult): number {
  return clockStream(probe)?.startTime ?? 0;
}

/** Seconds: where a run's clock stream ends (its start plus its duration), else the run's duration. */
export function timelineEnd(probe: ProbeResult): number {
  const stream = clockStream(probe);
  if (stream?.duration !== undefined) return (stream.startTime ?? 0) + stream.duration;
  return probe.duration;
}

/** Seconds: where a run's sound ends (start plus duration), when it has sound. */
function audioSpan(probe: ProbeResult): { start: number; end: number } | undefined {
  const audio = firstStream(probe, 'audio');
  if (!audio || audio.duration === undefined) return undefined;
  return { start: audio.startTime ?? 0, end: (audio.startTime ?? 0) + audio.duration };
}

/**
 * Where run `next` starts on the stitched timeline, given where `previous` started: its first picture right after
 * the previous run's last one. When that would make its sound begin before the previous run's sound has ended
 * (audio usually runs a few ms past the picture), the run moves later by whole frames, so pictures stay on their
 * grid and sound never overlaps — at most one frame's gap at the joint.
 */
export function nextOffset(previousOffset: number, previous: ProbeResult, next: ProbeResult): number {
  let offset = previousOffset + timelineEnd(previous) - timelineStart(next);
  const before = audioSpan(previous);
  const after = audioSpan(next);
  const video = firstStream(next, 'video') ?? firstStream(previous, 'video');
  if (before && after) {
    const overlap = previousOffset + before.end - (offset + after.start);
    if (overlap > 1e-6) {
      const frame = video?.frameRate ? 1 / video.frameRate : overlap;
      offset += Math.ceil(overlap / frame - 1e-9) * frame;
    }
  }
  return offset;
}

/** An MPEG-TS run that starts at 0, copied with its clock moved `offsetSeconds` later. */
export function buildShiftArgs(input: string, offsetSeconds: number, output: string): string[] {
  return [
    ...localInputArgs(input), '-map', '0', '-c', 'copy', '-copyts',
    '-output_ts_offset', offsetSeconds.toFixed(6), '-muxdelay', '0', '-muxpreload', '0', '-f', 'mpegts', '-y', output,
  ];
}
