import 'server-only';
import { buildConvertArgs, type ConvertInput, type ConvertJob } from './convert-args';
import { probeMedia } from './probe';
import { runFfmpeg } from './run-ffmpeg';

export interface ConvertFilesOptions {
  plan: ConvertJob['plan'];
  /** Local files we wrote; the same path for both when the source is muxed. */
  videoPath?: string;
  audioPath?: string;
  output: string;
  signal?: AbortSignal;
  /** 0..1, from ffmpeg's output clock against the inputs' duration. */
  onProgress?: (fraction: number) => void;
}

/**
 * Local files → the offer's file, in one ffmpeg run. Inputs are probed first: the probe decides whether a
 * "copy" is really possible and gives the duration that turns ffmpeg's clock into a fraction.
 */
export async function convertFiles(opts: ConvertFilesOptions): Promise<void> {
  const probes = new Map<string, Promise<ConvertInput>>();
  const input = (path: string | undefined) => {
    if (!path) return undefined;
    if (!probes.has(path)) probes.set(path, probeMedia(path, { signal: opts.signal }).then((probe) => ({ path, probe })));
    return probes.get(path);
  };
  const [video, audio] = await Promise.all([input(opts.videoPath), input(opts.audioPath)]);
  const args = buildConvertArgs({ plan: opts.plan, video, audio, output: opts.output });
  const duration = Math.max(video?.probe.duration ?? 0, audio?.probe.duration ?? 0);
  const onProgress = opts.onProgress;
  await runFfmpeg(args, {
    signal: opts.signal,
    onProgress: onProgress && duration > 0 ? (seconds) => onProgress(Math.min(1, Math.max(0, seconds / duration))) : undefined,
  });
  onProgress?.(1);
}
