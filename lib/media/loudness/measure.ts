import 'server-only';
import { spawn } from 'node:child_process';
import { AppError } from '@/lib/errors';
import { ffmpegBin } from '@/lib/media/ffmpeg/run-ffmpeg';
import { localInputArgs } from '@/lib/media/ffmpeg/input-args';
import { loudnormFilter } from './apply-args';

/** What loudnorm's first pass reads of a file's sound (its `print_format=json` summary). */
export interface LoudnessMeasure {
  /** Integrated loudness, LUFS. */
  inputI: number;
  /** True peak, dBTP. */
  inputTp: number;
  /** Loudness range, LU. */
  inputLra: number;
  /** The gate's threshold, LUFS. */
  inputThresh: number;
  /** The offset loudnorm suggests for its second pass, LU. */
  targetOffset: number;
}

const FIELDS = { inputI: 'input_i', inputTp: 'input_tp', inputLra: 'input_lra', inputThresh: 'input_thresh', targetOffset: 'target_offset' } as const;

/** The last JSON object loudnorm printed, as numbers; undefined when there is none or a figure is missing. */
export function parseLoudnormJson(stderr: string): LoudnessMeasure | undefined {
  const start = stderr.lastIndexOf('{');
  const end = stderr.indexOf('}', start);
  if (start < 0 || end < 0) return undefined;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(stderr.slice(start, end + 1)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const measure = {} as LoudnessMeasure;
  for (const [key, field] of Object.entries(FIELDS) as [keyof LoudnessMeasure, string][]) {
    const value = Number(raw[field]);
    // Silence reads as -inf: there is nothing to normalise.
    if (!Number.isFinite(value)) return undefined;
    measure[key] = value;
  }
  return measure;
}

/**
 * The first pass: the file's first sound stream read through loudnorm aiming at `targetI`, which prints what it
 * measured; nothing is written. Undefined for silence (nothing to bring up). Local files only, no shell.
 */
export function measureLoudness(file: string, targetI: number, truePeak: number, signal?: AbortSignal): Promise<LoudnessMeasure | undefined> {
  const args = [
    '-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', ...localInputArgs(file),
    '-map', '0:a:0', '-vn', '-sn', '-dn', '-af', `${loudnormFilter(targetI, truePeak)}:print_format=json`, '-f', 'null', '-',
  ];
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const child = spawn(ffmpegBin(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    // The summary is the last thing printed; earlier lines only need to be skipped.
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-8000);
    });
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new AppError('unavailable', 'The converter is not available', { cause: error.message }));
    });
    child.once('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(signal.reason ?? new AppError('unavailable', 'Cancelled'));
      if (code !== 0) return reject(new AppError('upstream_failed', 'The sound could not be measured', { exitCode: code }));
      resolve(parseLoudnormJson(stderr));
    });
  });
}
