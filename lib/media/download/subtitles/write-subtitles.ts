import 'server-only';
import { writeFile } from 'node:fs/promises';
import type { SubtitleSource } from '@/lib/media/types';
import { toSrt, toVtt } from './cues';
import { loadCues } from './fetch-subtitles';

/** A text track fetched (through the guarded fetch), its cues merged and written as `.srt` or `.vtt`; its size. */
export async function writeSubtitleFile(track: SubtitleSource, ext: 'srt' | 'vtt', file: string, signal: AbortSignal): Promise<number> {
  const cues = await loadCues(track, signal);
  const text = ext === 'srt' ? toSrt(cues) : toVtt(cues);
  await writeFile(file, text, 'utf8');
  return Buffer.byteLength(text, 'utf8');
}
