import 'server-only';
import { createReadStream } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { localInputArgs } from '@/lib/media/ffmpeg/input-args';
import { runFfmpeg } from '@/lib/media/ffmpeg/run-ffmpeg';
import { safeStem } from '@/lib/zip/entry-names';
import { zipStream } from '@/lib/zip/zip-stream';
import type { Chapter } from './chapters';
import { audioEncoder, MUXERS, videoEncoder } from './encoders';

export interface SplitJob {
  input: string;
  /** Where the pieces are written (a folder of our own); the archive goes to `output`. */
  workDir: string;
  output: string;
  /** The container, as the converter names it (mp4, m4a, webm, mp3, ogg, wav). */
  ext: string;
  /** The pieces' file extension, when it differs from the container's name (Opus in Ogg: .opus). */
  nameExt?: string;
  hasVideo: boolean;
  chapters: readonly Chapter[];
  /** Encode, so every piece starts on its chapter's exact frame; otherwise streams are copied (cut on keyframes). */
  exact: boolean;
  audioKbps?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** The muxer a piece is written with, as the segment muxer names it. */
const SEGMENT_FORMAT: Record<string, string> = { mp4: 'mp4', m4a: 'ipod', webm: 'webm', mp3: 'mp3', ogg: 'ogg', wav: 'wav' };

/** The name of chapter `index` in the archive: "01 - Intro.m4a" (numbered so the files sort in order). */
export function pieceName(index: number, count: number, title: string, ext: string): string {
  const digits = Math.max(2, String(count).length);
  return `${String(index + 1).padStart(digits, '0')} - ${safeStem(title, `Chapter ${index + 1}`)}.${ext}`;
}

/**
 * One ffmpeg run cutting a file at its chapters' starts with the segment muxer: a copy cuts each piece where the
 * stream allows (a picture on the keyframe at or after the chapter's start, sound on its frame); an exact split
 * encodes with a keyframe forced at each start, so each piece starts on its chapter.
 */
export function splitArgs(job: SplitJob, pattern: string, list: string): string[] {
  const times = job.chapters.slice(1).map((c) => c.start.toFixed(3)).join(',');
  const format = SEGMENT_FORMAT[job.ext] ?? job.ext;
  const muxerOptions = MUXERS[job.ext]?.includes('+faststart') ? ['-segment_format_options', 'movflags=+faststart'] : [];
  const codecs = job.exact
    ? [...(job.hasVideo ? [...videoEncoder(job.ext), '-force_key_frames', times || '0'] : []), ...audioEncoder(job.ext, job.audioKbps)]
    : ['-c', 'copy'];
  // Pieces start at the first chapter: a stretch before it (rare) belongs to no chapter.
  const first = job.chapters[0]?.start ?? 0;
  return [
    '-nostdin', ...(first > 0 ? ['-ss', first.toFixed(3)] : []), ...localInputArgs(job.input),
    ...(job.hasVideo ? ['-map', '0:V:0'] : []), '-map', '0:a:0', ...codecs,
    '-map_chapters', '-1', '-sn', '-dn',
    '-f', 'segment', '-segment_format', format, ...muxerOptions,
    ...(times ? ['-segment_times', job.chapters.slice(1).map((c) => (c.start - first).toFixed(3)).join(',')] : []),
    '-segment_list', list, '-segment_list_type', 'csv', '-reset_timestamps', '1', ...(job.ext === 'mp3' ? ['-id3v2_version', '3'] : []),
    '-t', (job.chapters[job.chapters.length - 1].end - first).toFixed(3), '-y', pattern,
  ];
}

/** The segment muxer's CSV list: each piece's file name → its start, in seconds of the split's timeline. */
async function readPieceList(list: string): Promise<Map<string, number>> {
  const text = await readFile(list, 'utf8').catch(() => '');
  return new Map(text.split('\n').filter(Boolean).map((line) => {
    const [name, start] = line.split(',');
    return [path.basename(name), Number(start)] as const;
  }));
}

/** Writes a stream to a file, whole. */
async function toFile(stream: ReadableStream<Uint8Array>, file: string): Promise<void> {
  await pipeline(Readable.fromWeb(stream as import('node:stream/web').ReadableStream<Uint8Array>), createWriteStream(file) as Writable);
}

/**
 * A file → one file per chapter, in a ZIP archive at `output` (stored, not compressed: media is already).
 * Returns the names inside the archive, in order.
 */
export async function splitByChapters(job: SplitJob): Promise<string[]> {
  if (job.chapters.length === 0) throw new Error('a file without chapters cannot be split by them');
  const pattern = path.join(job.workDir, `piece-%04d.${job.ext}`);
  const list = path.join(job.workDir, 'pieces.csv');
  const first = job.chapters[0].start;
  const length = job.chapters[job.chapters.length - 1].end - first;
  await runFfmpeg(splitArgs(job, pattern, list), {
    signal: job.signal,
    onProgress: job.onProgress && length > 0 ? (s) => job.onProgress!(Math.min(0.95, (s / length) * 0.95)) : undefined,
  });
  const listed = await readPieceList(list);
  const pieces = (await readdir(job.workDir)).filter((name) => /^piece-\d{4}\./.test(name)).sort();
  // A copy that found no keyframe between two chapters' starts makes one piece of both: each piece is named
  // after the chapter it starts in, by the start the segment muxer listed for it.
  const chapterAt = (start: number) => {
    const at = (start ?? 0) + first + 0.05;
    return job.chapters.findLast((c) => c.start <= at) ?? job.chapters[0];
  };
  const names = pieces.map((piece, i) => pieceName(i, pieces.length, chapterAt(listed.get(piece) ?? job.chapters[i]?.start - first).title, job.nameExt ?? job.ext));
  const sources = pieces.map((piece, i) => ({ name: names[i], open: async () => createReadStream(path.join(job.workDir, piece)) }));
  try {
    await toFile(zipStream(sources), job.output);
  } finally {
    await Promise.all([...pieces, 'pieces.csv'].map((piece) => rm(path.join(job.workDir, piece), { force: true })));
  }
  job.onProgress?.(1);
  await stat(job.output);
  return names;
}
