import 'server-only';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeSubtitleFile } from '@/lib/media/download/subtitles';
import { iso639Part2 } from '@/lib/media/download/subtitles/iso639';
import { convertFiles } from '@/lib/media/ffmpeg';
import type { OfferPlan } from '@/lib/media/offers';
import type { SourceFormat, SubtitleSource } from '@/lib/media/types';
import { fetchSourceToFile } from './fetch-source';
import { limits, tooLarge, tooSlow } from './limits';

export interface PreparedFile {
  file: string;
  size: number;
}

export interface PrepareOptions {
  signal: AbortSignal;
  /** 0..1: bytes fetched first, then ffmpeg's output clock. */
  onProgress?: (fraction: number) => void;
  /** A text track to mux into a video offer as a soft subtitle track. */
  subtitle?: SubtitleSource;
}

/** The part of the work converting takes: a copy is quick, an encode is not. */
function convertWeight(plan: OfferPlan): number {
  if (plan.action === 'transcode-video') return 0.5;
  if (plan.action === 'transcode-audio') return 0.25;
  return 0.1;
}

/** The distinct sources a plan reads, each with its share of the fetch (the picture is most of the bytes). */
function inputsOf(plan: OfferPlan): { role: 'video' | 'audio'; source: SourceFormat; weight: number }[] {
  const video = plan.kind === 'video' ? plan.video : undefined;
  const audio = plan.audio && plan.audio.id !== video?.id ? plan.audio : undefined;
  if (video && audio) return [{ role: 'video', source: video, weight: 0.85 }, { role: 'audio', source: audio, weight: 0.15 }];
  const only = video ?? plan.audio ?? plan.image;
  if (!only) throw new Error(`plan ${plan.itag} names no source`);
  return [{ role: video ? 'video' : 'audio', source: only, weight: 1 }];
}

/**
 * Fetches an offer's sources into `dir` (concurrently, each to its own file) and, unless the plan is a plain
 * passthrough, runs one ffmpeg over those local files. Stops at the size limit. Leaves only the output behind.
 */
export async function prepareOffer(plan: OfferPlan, dir: string, opts: PrepareOptions): Promise<PreparedFile> {
  // An origin trickling a byte at a time never stalls; the deadline ends it, and frees its slot, all the same.
  const late = new AbortController();
  const deadline = setTimeout(() => late.abort(tooSlow()), limits.deadlineMs());
  try {
    return await prepareWithin(plan, dir, { ...opts, signal: AbortSignal.any([opts.signal, late.signal]) });
  } catch (error) {
    throw late.signal.aborted && !opts.signal.aborted ? late.signal.reason : error;
  } finally {
    clearTimeout(deadline);
  }
}

async function prepareWithin(plan: OfferPlan, dir: string, opts: PrepareOptions): Promise<PreparedFile> {
  const output = path.join(dir, `output.${plan.ext}`);
  if (plan.kind === 'subtitles' && plan.subtitle) {
    const size = await writeSubtitleFile(plan.subtitle, plan.container === 'srt' ? 'srt' : 'vtt', output, opts.signal);
    opts.onProgress?.(1);
    return { file: output, size };
  }
  const inputs = inputsOf(plan);
  // Muxing a subtitle track is a remux even when the offer alone would pass the source through.
  const copyOnly = plan.action === 'passthrough' && !opts.subtitle;
  const subtitleFile = opts.subtitle ? path.join(dir, 'input-subtitles.vtt') : undefined;
  const fetchShare = copyOnly ? 1 : 1 - convertWeight(plan);
  const fractions = inputs.map(() => 0);
  let best = 0;
  const report = (value: number) => {
    // Monotonic: a retried range or a second input starting must never move the bar backwards.
    if (value > best) opts.onProgress?.((best = Math.min(1, value)));
  };
  const fetched = () => inputs.reduce((sum, input, i) => sum + input.weight * fractions[i], 0);

  const overLimit = new AbortController();
  const signal = AbortSignal.any([opts.signal, overLimit.signal]);
  let bytes = 0;
  const files = inputs.map((input) => (copyOnly ? output : path.join(dir, `input-${input.role}`)));
  try {
    await Promise.all([
      ...(opts.subtitle && subtitleFile ? [writeSubtitleFile(opts.subtitle, 'vtt', subtitleFile, signal)] : []),
      ...inputs.map((input, i) =>
        fetchSourceToFile(input.source, files[i], {
          signal,
          onBytes: (n) => {
            bytes += n;
            if (bytes > limits.maxFileBytes() && !overLimit.signal.aborted) overLimit.abort(tooLarge());
          },
          onFraction: (fraction) => {
            fractions[i] = fraction;
            report(fetched() * fetchShare);
          },
        }),
      ),
    ]);
  } catch (error) {
    throw overLimit.signal.aborted ? overLimit.signal.reason : error;
  }
  if (!copyOnly) {
    // A muxed source is fetched once and read for both its picture and its sound.
    const fileOf = (source: SourceFormat | undefined) => {
      const at = source ? inputs.findIndex((input) => input.source.id === source.id) : -1;
      return at >= 0 ? files[at] : undefined;
    };
    await convertFiles({
      plan,
      videoPath: plan.kind === 'video' ? fileOf(plan.video) : undefined,
      audioPath: fileOf(plan.audio),
      ...(opts.subtitle && subtitleFile ? { subtitle: { path: subtitleFile, language: iso639Part2(opts.subtitle.language) } } : {}),
      ...(plan.audio?.language ? { audioLanguage: iso639Part2(plan.audio.language) } : {}),
      output,
      signal,
      onProgress: (fraction) => report(fetchShare + fraction * (1 - fetchShare)),
    });
    await Promise.all([...files, ...(subtitleFile ? [subtitleFile] : [])].map((file) => rm(file, { force: true })));
  }
  report(1);
  return { file: output, size: (await stat(output)).size };
}
