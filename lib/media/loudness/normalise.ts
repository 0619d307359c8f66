import 'server-only';
import { rename, rm } from 'node:fs/promises';
import { AUDIO_ENCODER } from '@/lib/media/ffmpeg/convert-args';
import { firstStream, probeMedia } from '@/lib/media/ffmpeg/probe';
import { runFfmpeg } from '@/lib/media/ffmpeg/run-ffmpeg';
import type { OfferContainer } from '@/lib/media/offers/types';
import { buildApplyArgs, truePeakFor } from './apply-args';
import { measureLoudness } from './measure';
import { MAX_TRUE_PEAK, TARGET_LUFS, type LoudnessTarget } from './targets';

/** Below the ceiling by this much more than the encoder overshot it, on the second try. */
const OVERSHOOT_SLACK = 0.3;

export interface NormaliseOptions {
  container: OfferContainer;
  target: LoudnessTarget;
  audioBitrate?: number;
  signal?: AbortSignal;
  /** 0..1: the measuring pass is the first half, writing (and reading back) the second. */
  onProgress?: (fraction: number) => void;
}

/** What became of a file's sound: normalised, or left as it was (no sound, or silence). */
export type NormaliseOutcome = 'normalised' | 'no-audio' | 'silent';

/**
 * Two-pass EBU R128 normalisation of a prepared file, in place: the first pass measures the sound as loudnorm
 * hears it, the second applies one gain from those figures (loudnorm's dynamic mode only when one gain would
 * break the true-peak ceiling). The picture and every other stream are copied, never re-encoded.
 */
export async function normaliseLoudness(file: string, opts: NormaliseOptions): Promise<NormaliseOutcome> {
  const probe = await probeMedia(file, { signal: opts.signal });
  const audio = firstStream(probe, 'audio');
  if (!audio) return 'no-audio';
  const targetI = TARGET_LUFS[opts.target];
  const truePeak = truePeakFor(AUDIO_ENCODER[opts.container] ?? 'aac', MAX_TRUE_PEAK);
  const measure = await measureLoudness(file, targetI, truePeak, opts.signal);
  opts.onProgress?.(0.5);
  if (!measure) return 'silent';
  const output = `${file}.loudnorm`;
  const onProgress = opts.onProgress;
  const write = (ceiling: number, from: number, share: number) => runFfmpeg(
    buildApplyArgs({ input: file, output, container: opts.container, audio, audioBitrate: opts.audioBitrate, targetI, truePeak: ceiling, measure }),
    {
      signal: opts.signal,
      onProgress: onProgress && probe.duration > 0 ? (seconds) => onProgress(from + share * Math.min(1, Math.max(0, seconds / probe.duration))) : undefined,
    },
  );
  try {
    await write(truePeak, 0.5, 0.4);
    // The encoder may still overshoot (AAC on dense, limited sound): the file is read back and, once, written
    // again with the ceiling lowered by what it overshot.
    const written = await measureLoudness(output, targetI, truePeak, opts.signal);
    const over = written ? written.inputTp - MAX_TRUE_PEAK : 0;
    if (over > 0) await write(Math.max(-9, truePeak - over - OVERSHOOT_SLACK), 0.9, 0.1);
    await rename(output, file);
  } finally {
    await rm(output, { force: true });
  }
  onProgress?.(1);
  return 'normalised';
}
