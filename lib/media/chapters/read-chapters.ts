import 'server-only';
import { probeMedia } from '@/lib/media/ffmpeg/probe';
import { normaliseChapters, type Chapter } from './chapters';

/**
 * The chapters a local file carries (MP4 chapter track, Matroska chapters, ID3v2 CHAP), as ffprobe reads them;
 * none for a file without. Unreadable files fail as probeMedia fails (upstream_failed).
 */
export async function readChapters(file: string, opts: { signal?: AbortSignal } = {}): Promise<Chapter[]> {
  const probe = await probeMedia(file, { signal: opts.signal, chapters: true });
  return normaliseChapters(probe.chapters ?? [], probe.duration || undefined);
}

/** Whether a local file has chapters (a feed lists them, a player shows them). */
export async function hasChapters(file: string, opts: { signal?: AbortSignal } = {}): Promise<boolean> {
  return (await readChapters(file, opts)).length > 0;
}
