import 'server-only';
import type { Readable } from 'node:stream';
import { firstStream, probeMedia, type ProbeResult } from '@/lib/media/ffmpeg/probe';

/** One chapter as the Podcasting 2.0 JSON chapters format names it: start (and end) in seconds, a title. */
export interface Chapter {
  startTime: number;
  endTime?: number;
  title: string;
}

/** What reading a file gives a feed: its chapters (maybe none) and its length in seconds, when ffprobe tells. */
export interface FileFacts {
  chapters: Chapter[];
  durationSeconds: number | null;
}

/**
 * A probe's chapters in time order (untitled ones numbered, nonsense dropped) and the file's length. Read from a
 * pipe, an MP3's length is unknown: it is then the file's size over its bit rate, when `sizeBytes` is given.
 */
export function fileFacts(probe: ProbeResult, sizeBytes?: number): FileFacts {
  const seconds = (n: number) => Math.round(n * 1000) / 1000;
  const chapters: Chapter[] = [];
  (probe.chapters ?? []).forEach((c, i) => {
    if (!Number.isFinite(c.start) || c.start < 0) return;
    const title = c.title.trim() || `Chapter ${i + 1}`;
    const startTime = seconds(c.start);
    chapters.push(c.end > c.start ? { startTime, endTime: seconds(c.end), title } : { startTime, title });
  });
  chapters.sort((a, b) => a.startTime - b.startTime);
  if (probe.duration > 0) return { chapters, durationSeconds: seconds(probe.duration) };
  const bitrate = probe.bitrate ?? firstStream(probe, 'audio')?.bitrate;
  const estimated = sizeBytes && bitrate ? seconds((sizeBytes * 8) / bitrate) : null;
  return { chapters, durationSeconds: estimated };
}

/**
 * Reads a file's chapters and length with ffprobe from its bytes on stdin (the file store hands out streams, not
 * paths); `sizeBytes` is the whole file's. Slower than `timeoutMs` or unreadable: rejected.
 */
export async function probeChapters(source: Readable, sizeBytes?: number, timeoutMs = 60_000): Promise<FileFacts> {
  return fileFacts(await probeMedia({ stream: source }, { chapters: true, timeoutMs }), sizeBytes);
}

/** The JSON chapters file of an episode (application/json+chapters). */
export const chaptersDocument = (chapters: readonly Chapter[]) => ({ version: '1.2.0', chapters });
