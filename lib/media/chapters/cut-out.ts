import 'server-only';
import { rm, writeFile } from 'node:fs/promises';
import { AppError } from '@/lib/errors';
import { localInputArgs } from '@/lib/media/ffmpeg/input-args';
import { runFfmpeg } from '@/lib/media/ffmpeg/run-ffmpeg';
import { chaptersWithout, keptRanges, type Chapter, type TimeRange } from './chapters';
import { audioEncoder, carriesChapters, MUXERS, videoEncoder } from './encoders';
import { ffmetadataInputArgs, ffmetadataText } from '@/lib/media/ffmpeg/ffmetadata';

export interface CutOutJob {
  /** A local file we made (the prepared file). */
  input: string;
  output: string;
  /** Its extension, which names its container. */
  ext: string;
  hasVideo: boolean;
  duration: number;
  /** The stretches to take out, in the file's seconds. */
  remove: readonly TimeRange[];
  /** The file's chapters before the cut; written shifted into the output. */
  chapters: readonly Chapter[];
  audioKbps?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/**
 * The filter graph keeping only `kept`: each stretch trimmed from the picture and the sound alike with its
 * timestamps restarted, then concatenated, so sound and picture stay together across every joint.
 */
export function keepFilter(kept: readonly TimeRange[], hasVideo: boolean): string {
  const at = (n: number) => n.toFixed(3);
  const parts = kept.flatMap((r, i) => [
    ...(hasVideo ? [`[0:V:0]trim=start=${at(r.start)}:end=${at(r.end)},setpts=PTS-STARTPTS[v${i}]`] : []),
    `[0:a:0]atrim=start=${at(r.start)}:end=${at(r.end)},asetpts=PTS-STARTPTS[a${i}]`,
  ]);
  const pads = kept.map((_, i) => `${hasVideo ? `[v${i}]` : ''}[a${i}]`).join('');
  return [...parts, `${pads}concat=n=${kept.length}:v=${hasVideo ? 1 : 0}:a=1${hasVideo ? '[v]' : ''}[a]`].join(';');
}

/** The ffmpeg arguments for a cut-out; `metadata` is the FFMETADATA file with the shifted chapters, if any. */
export function cutOutArgs(job: CutOutJob, kept: readonly TimeRange[], metadata?: string): string[] {
  // A sound file's cover picture is copied over as it is.
  const cover = job.hasVideo ? [] : ['-map', '0:v?', '-c:v', 'copy'];
  return [
    '-nostdin', ...localInputArgs(job.input), ...(metadata ? ffmetadataInputArgs(metadata) : []),
    '-filter_complex', keepFilter(kept, job.hasVideo),
    ...(job.hasVideo ? ['-map', '[v]', ...videoEncoder(job.ext)] : []), '-map', '[a]', ...audioEncoder(job.ext, job.audioKbps), ...cover,
    '-map_metadata', '0', '-map_chapters', metadata ? '1' : '-1', '-sn', '-dn',
    ...(MUXERS[job.ext] ?? []), '-y', job.output,
  ];
}

/**
 * Takes `remove` out of a local file for good: what is left is encoded again (a copy could only cut on
 * keyframes), the file is as much shorter as was removed, and its chapters move up with what they follow.
 * Returns the chapters the output carries.
 */
export async function cutOut(job: CutOutJob): Promise<Chapter[]> {
  const kept = keptRanges(job.remove, job.duration);
  if (kept.length === 0) throw new AppError('invalid_request', 'The stretches to remove cover the whole media: nothing would be left');
  const removed = job.remove;
  const chapters = carriesChapters(job.ext) ? chaptersWithout(job.chapters, removed) : [];
  const metadata = chapters.length > 0 ? `${job.output}.chapters.txt` : undefined;
  if (metadata) await writeFile(metadata, ffmetadataText(chapters));
  const length = kept.reduce((sum, r) => sum + r.end - r.start, 0);
  try {
    await runFfmpeg(cutOutArgs(job, kept, metadata), {
      signal: job.signal,
      onProgress: job.onProgress && length > 0 ? (s) => job.onProgress!(Math.min(1, s / length)) : undefined,
    });
  } finally {
    if (metadata) await rm(metadata, { force: true });
  }
  return chapters;
}
