import { AUDIO_ENCODER, DEFAULT_KBPS, MUXER, type AudioEncoder } from '@/lib/media/ffmpeg/convert-args';
import { localInputArgs } from '@/lib/media/ffmpeg/input-args';
import type { ProbedStream } from '@/lib/media/ffmpeg/probe';
import type { OfferContainer } from '@/lib/media/offers/types';
import type { LoudnessMeasure } from './measure';

/** loudnorm's own range target; a wider source keeps its range (linear gain) whenever its peaks allow. */
const DEFAULT_LRA = 11;
const MAX_LRA = 50;

/**
 * Lossy encoders overshoot the peaks they were given by a few tenths of a dB once decoded: their limiter aims
 * half a dB under the ceiling, so the file as a player decodes it stays at or under it.
 */
const LOSSY_MARGIN = 0.5;

export const truePeakFor = (encoder: AudioEncoder, ceiling: number) => (encoder === 'pcm_s16le' ? ceiling : ceiling - LOSSY_MARGIN);

export const loudnormFilter = (targetI: number, truePeak: number, lra = DEFAULT_LRA) =>
  `loudnorm=I=${targetI}:TP=${truePeak}:LRA=${lra}`;

const fixed = (value: number) => value.toFixed(2);

/**
 * The second pass's filter: the first pass's figures handed back with `linear=true`, so the whole file moves by
 * one gain (its dynamics untouched). loudnorm itself falls back to its dynamic mode when one gain would push the
 * peaks over the ceiling; the range target is at least the source's own so that range never forces it.
 */
export function secondPassFilter(measure: LoudnessMeasure, targetI: number, truePeak: number): string {
  const lra = Math.min(MAX_LRA, Math.max(DEFAULT_LRA, Math.ceil(measure.inputLra)));
  return `${loudnormFilter(targetI, truePeak, lra)}:measured_I=${fixed(measure.inputI)}:measured_TP=${fixed(measure.inputTp)}`
    + `:measured_LRA=${fixed(measure.inputLra)}:measured_thresh=${fixed(measure.inputThresh)}:offset=${fixed(measure.targetOffset)}`
    + ':linear=true:print_format=none';
}

export interface ApplyJob {
  input: string;
  output: string;
  container: OfferContainer;
  /** The file's sound as probed: its rate and channels are kept. */
  audio: ProbedStream;
  /** The offer's chosen bitrate (an MP3's), in kbit/s. */
  audioBitrate?: number;
  targetI: number;
  truePeak: number;
  measure: LoudnessMeasure;
}

/** The rates each encoder takes: Opus always runs at 48 kHz; MP3 and AAC top out at 48 kHz. */
function sampleRateFor(encoder: AudioEncoder, source: number | undefined): number {
  if (encoder === 'opus' || !source) return 48_000;
  return encoder === 'pcm_s16le' ? source : Math.min(source, 48_000);
}

/** The offer's bitrate when it names one (an MP3's), else the encoder's default (a low one overshoots the peaks). */
function kbpsFor(encoder: AudioEncoder, job: ApplyJob): number | undefined {
  return job.audioBitrate ?? DEFAULT_KBPS[encoder];
}

/**
 * The second pass as one ffmpeg command: every stream copied as it is (picture, cover, text track, tags and
 * chapters), only the sound re-encoded through loudnorm in the container's own codec, at the source's rate
 * (loudnorm works at 192 kHz inside) and the container's muxer settings.
 */
export function buildApplyArgs(job: ApplyJob): string[] {
  const encoder = AUDIO_ENCODER[job.container] ?? 'aac';
  const codec = { copy: 'copy', aac: 'aac', mp3: 'libmp3lame', opus: 'libopus', pcm_s16le: 'pcm_s16le' }[encoder];
  const kbps = kbpsFor(encoder, job);
  const downmix = (job.audio.channels ?? 0) > 2 && (encoder === 'mp3' || encoder === 'opus') ? ['-ac', '2'] : [];
  return [
    ...localInputArgs(job.input),
    '-map', '0', '-dn', '-c', 'copy',
    '-af', secondPassFilter(job.measure, job.targetI, job.truePeak),
    '-c:a', codec, ...(kbps ? ['-b:a', `${kbps}k`] : []), '-ar', String(sampleRateFor(encoder, job.audio.sampleRate)), ...downmix,
    '-max_muxing_queue_size', '4096',
    ...(MUXER[job.container] ?? []), '-y', job.output,
  ];
}
