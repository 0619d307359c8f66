import 'server-only';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { composeSlideshow } from '@/lib/media/ffmpeg/slideshow';
import type { OfferPlan } from '@/lib/media/offers';
import { fetchSourceToFile } from './fetch-source';
import { limits, tooLarge } from './limits';
import type { PreparedFile, PrepareOptions } from './prepared-file';

/** Fetching the pictures and the sound is this share of the work; the encode is the rest. */
const FETCH_SHARE = 0.3;

/**
 * A slideshow offer: every picture and the sound fetched into `dir` (each to its own file, the size limit counted
 * over all of them), then composed into one MP4 by ffmpeg over those local files. Leaves only the output behind.
 */
export async function prepareSlideshow(plan: OfferPlan, dir: string, opts: PrepareOptions): Promise<PreparedFile> {
  const slides = plan.slides ?? [];
  if (slides.length === 0 || !plan.audio) throw new Error(`plan ${plan.itag} is a slideshow without pictures or sound`);
  const output = path.join(dir, `output.${plan.ext}`);
  const sources = [...slides, plan.audio];
  const files = sources.map((_, i) => path.join(dir, i < slides.length ? `input-picture-${i}` : 'input-audio'));
  const fractions = sources.map(() => 0);
  let best = 0;
  const report = (value: number) => {
    if (value > best) opts.onProgress?.((best = Math.min(1, value)));
  };
  const overLimit = new AbortController();
  const signal = AbortSignal.any([opts.signal, overLimit.signal]);
  let bytes = 0;
  try {
    await Promise.all(sources.map((source, i) => fetchSourceToFile(source, files[i], {
      signal,
      onBytes: (n) => {
        bytes += n;
        if (bytes > limits.maxFileBytes() && !overLimit.signal.aborted) overLimit.abort(tooLarge());
      },
      onFraction: (fraction) => {
        fractions[i] = fraction;
        report((fractions.reduce((sum, f) => sum + f, 0) / sources.length) * FETCH_SHARE);
      },
    })));
  } catch (error) {
    throw overLimit.signal.aborted ? overLimit.signal.reason : error;
  }
  await composeSlideshow({
    pictures: files.slice(0, slides.length),
    audio: files[slides.length],
    platformSeconds: plan.slideSeconds,
    output,
    signal,
    onProgress: (fraction) => report(FETCH_SHARE + fraction * (1 - FETCH_SHARE)),
  });
  await Promise.all(files.map((file) => rm(file, { force: true })));
  report(1);
  return { file: output, size: (await stat(output)).size };
}
