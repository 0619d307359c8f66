import 'server-only';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeSubtitleFile } from '@/lib/media/download/subtitles';
import { iso639Part2 } from '@/lib/media/download/subtitles/iso639';
import { convertFiles } from '@/lib/media/ffmpeg';
import { carriesCover } from '@/lib/media/ffmpeg/metadata-args';
import type { OfferPlan } from '@/lib/media/offers';
import type { SourceFormat } from '@/lib/media/types';
import { keepPlayable } from './as-is';
import { fetchCover } from './fetch-cover';
import { fetchSourceToFile } from './fetch-source';
import { limits, tooLarge, tooSlow } from './limits';
import { prepareThumbnail } from './prepare-thumbnail';
import { prepareSlideshow } from './prepare-slideshow';
import type { PreparedFile, PrepareOptions } from './prepared-file';
import { chaptersToWrite, removeStretches, withChapterSplit } from './chapter-steps';
import { withLoudness } from './with-loudness';

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
    const within = { ...opts, signal: AbortSignal.any([opts.signal, late.signal]) };
    // Split last: the pieces are cut from the finished file (its chapters, its sound's loudness).
    return await withChapterSplit(plan, dir, within, (split) =>
      withLoudness(plan, split, (made) => (plan.slides ? prepareSlideshow(plan, dir, made) : prepareWithin(plan, dir, made))));
  } catch (error) {
    throw late.signal.aborted && !opts.signal.aborted ? late.signal.reason : error;
  } finally {
    clearTimeout(deadline);
  }
}

async function prepareWithin(plan: OfferPlan, dir: string, opts: PrepareOptions): Promise<PreparedFile> {
  if (plan.action === 'thumbnail') return prepareThumbnail(plan, dir, opts);
  const output = path.join(dir, `output.${plan.ext}`);
  if (plan.kind === 'subtitles' && plan.subtitle) {
    const size = await writeSubtitleFile(plan.subtitle, plan.container === 'srt' ? 'srt' : 'vtt', output, opts.signal);
    opts.onProgress?.(1);
    return { file: output, size };
  }
  const inputs = inputsOf(plan);
  const trim = opts.delivery?.trim;
  // A source served as it is keeps its bytes (and its own tags); a cut, or a subtitle track to mux, always goes
  // through the converter.
  // Chapters to write or stretches to cut out do too.
  const work = opts.chapterWork;
  const copyOnly = plan.action === 'passthrough' && !trim && !opts.subtitle && !work?.chapters.length && !work?.remove.length;
  const tags = opts.delivery?.embedMetadata && opts.tags ? opts.tags : undefined;
  const wantsCover = !copyOnly && tags && plan.kind === 'audio' && opts.picture && carriesCover(plan.container);
  const cover = wantsCover ? fetchCover(opts.picture!, path.join(dir, 'cover'), opts.signal) : Promise.resolve(undefined);
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
  const offsets = inputs.map(() => 0);
  const boundaries: (number | undefined)[] = inputs.map(() => undefined);
  try {
    await Promise.all([
      ...(opts.subtitle && subtitleFile ? [writeSubtitleFile(opts.subtitle, 'vtt', subtitleFile, signal)] : []),
      ...inputs.map((input, i) =>
        fetchSourceToFile(input.source, files[i], {
          signal,
          ...(trim ? { window: { start: trim.start, end: trim.end } } : {}),
          onBytes: (n) => {
            bytes += n;
            if (bytes > limits.maxFileBytes() && !overLimit.signal.aborted) overLimit.abort(tooLarge());
          },
          onFraction: (fraction) => {
            fractions[i] = fraction;
            report(fetched() * fetchShare);
          },
        }).then((fetched) => {
          offsets[i] = fetched.offset;
          boundaries[i] = fetched.boundary;
        }),
      ),
    ]);
  } catch (error) {
    throw overLimit.signal.aborted ? overLimit.signal.reason : error;
  }
  // A source passed through keeps its bytes only when they already play everywhere (an MP4's index first).
  if (copyOnly) await keepPlayable(plan, output, signal);
  else {
    // A muxed source is fetched once and read for both its picture and its sound.
    const indexOf = (source: SourceFormat | undefined) => (source ? inputs.findIndex((input) => input.source.id === source.id) : -1);
    const fileOf = (source: SourceFormat | undefined) => files[indexOf(source)];
    const offsetOf = (source: SourceFormat | undefined) => offsets[indexOf(source)] ?? 0;
    const coverFile = await cover;
    const chapters = await chaptersToWrite(opts, inputs.length === 1 ? files[0] : undefined);
    // Cutting stretches out encodes the file again: about as long as the rest of the work.
    const convertEnd = work?.remove.length ? (1 + fetchShare) / 2 : 1;
    const made = await convertFiles({
      plan,
      videoPath: plan.kind === 'video' ? fileOf(plan.video) : undefined,
      audioPath: fileOf(plan.audio),
      ...(opts.subtitle && subtitleFile ? { subtitle: { path: subtitleFile, language: iso639Part2(opts.subtitle.language) } } : {}),
      ...(plan.audio?.language ? { audioLanguage: iso639Part2(plan.audio.language) } : {}),
      output,
      signal,
      ...(trim ? { cut: { ...trim, videoOffset: offsetOf(plan.video), audioOffset: offsetOf(plan.audio), videoKeyframe: boundaries[indexOf(plan.video)] } } : {}),
      ...(tags ? { tags } : {}),
      ...(coverFile ? { cover: coverFile } : {}),
      ...(chapters.length ? { chapters } : {}),
      onProgress: (fraction) => report(fetchShare + fraction * (convertEnd - fetchShare)),
    });
    await Promise.all([...files, path.join(dir, 'cover'), ...(subtitleFile ? [subtitleFile] : [])].map((file) => rm(file, { force: true })));
    await removeStretches(plan, output, made, { ...opts, signal }, (fraction) => report(convertEnd + fraction * (1 - convertEnd)));
  }
  report(1);
  return { file: output, size: (await stat(output)).size };
}
