import 'server-only';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import { chaptersWithin, mergeRanges, type Chapter, type TimeRange } from '@/lib/media/chapters/chapters';
import { cutOut } from '@/lib/media/chapters/cut-out';
import { readChapters } from '@/lib/media/chapters/read-chapters';
import { splitByChapters } from '@/lib/media/chapters/split';
import { probeMedia } from '@/lib/media/ffmpeg/probe';
import type { OfferPlan } from '@/lib/media/offers';
import type { PreparedFile, PrepareOptions } from './prepared-file';

type Plan = Pick<OfferPlan, 'kind' | 'container' | 'ext' | 'audioBitrate'>;

/** The chapters to write into a file made from `input`: those known, else (when asked) the fetched file's own. */
export async function chaptersToWrite(opts: PrepareOptions, input: string | undefined): Promise<Chapter[]> {
  const work = opts.chapterWork;
  if (!work) return [];
  if (work.chapters.length > 0 || !work.readSource || !input) return work.chapters;
  // A file whose chapters cannot be read is still a file: it is made without them.
  return readChapters(input, { signal: opts.signal }).catch(() => []);
}

/**
 * The stretches to cut out of a made file, on its own timeline: a clip's file starts at `origin` and runs
 * `length` seconds, so only what lies inside it is cut, moved up by `origin`.
 */
export function rangesOnFile(remove: readonly TimeRange[], origin: number, length: number): TimeRange[] {
  return mergeRanges(chaptersWithin(remove.map((r) => ({ ...r, title: '' })), origin, origin + length), length);
}

/**
 * Cuts SponsorBlock's removed stretches out of a made file in place (`made.chapters` on its timeline, `origin`
 * where it starts in the source). Nothing to cut: the file is left as it is.
 */
export async function removeStretches(
  plan: Plan, file: string, made: { origin: number; chapters: Chapter[] }, opts: PrepareOptions, onProgress?: (fraction: number) => void,
): Promise<void> {
  const remove = opts.chapterWork?.remove ?? [];
  if (remove.length === 0) return;
  const { duration } = await probeMedia(file, { signal: opts.signal });
  const ranges = rangesOnFile(remove, made.origin, duration);
  if (ranges.length === 0) return;
  const cut = `${file}.cut.${plan.ext}`;
  try {
    await cutOut({
      input: file, output: cut, ext: plan.container, hasVideo: plan.kind === 'video', duration, remove: ranges,
      chapters: made.chapters, audioKbps: plan.audioBitrate, signal: opts.signal, onProgress,
    });
    await rename(cut, file);
  } finally {
    await rm(cut, { force: true });
  }
}

/**
 * The offer's file made by `make`, then, when the delivery asks for one file per chapter, split at the chapters
 * it carries into a ZIP (`output.zip`) that replaces it. A file that turned out to carry no chapters is refused.
 */
export async function withChapterSplit(
  plan: Plan, dir: string, opts: PrepareOptions, make: (opts: PrepareOptions) => Promise<PreparedFile>,
): Promise<PreparedFile> {
  const mode = opts.delivery?.split;
  if (!mode || (plan.kind !== 'video' && plan.kind !== 'audio')) return make(opts);
  const shown = opts.onProgress;
  const share = mode === 'exact' ? 0.5 : 0.85;
  const made = await make({ ...opts, onProgress: shown && ((fraction) => shown(fraction * share)) });
  const chapters = await readChapters(made.file, { signal: opts.signal });
  if (chapters.length === 0) throw new AppError('invalid_request', 'This media has no chapters to split it by');
  const pieces = path.join(dir, 'pieces');
  await mkdir(pieces, { recursive: true });
  const output = path.join(dir, 'output.zip');
  try {
    await splitByChapters({
      input: made.file, workDir: pieces, output, ext: plan.container, nameExt: plan.ext, hasVideo: plan.kind === 'video', chapters,
      exact: mode === 'exact', audioKbps: plan.audioBitrate, signal: opts.signal,
      onProgress: shown && ((fraction) => shown(share + fraction * (1 - share))),
    });
  } finally {
    await rm(pieces, { recursive: true, force: true });
    await rm(made.file, { force: true });
  }
  return { file: output, size: (await stat(output)).size };
}
