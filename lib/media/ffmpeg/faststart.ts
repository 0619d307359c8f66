import 'server-only';
import { AppError } from '@/lib/errors';
import { localInputArgs } from './input-args';
import { runFfmpeg } from './run-ffmpeg';

/**
 * An MP4 (or M4A) rewritten as a regular one, every stream and tag copied: the index first (`+faststart`), one
 * media data box, no fragments. Used when a source that would be passed through byte for byte has its index last
 * or is fragmented. Data tracks (timecodes) are left out: a player never needs them and not every muxer takes them.
 */
export async function remuxFaststart(input: string, output: string, container: 'mp4' | 'm4a', signal?: AbortSignal): Promise<void> {
  const args = [
    ...localInputArgs(input), '-map', '0', '-dn', '-c', 'copy', '-map_metadata', '0',
    '-movflags', '+faststart', '-f', container === 'm4a' ? 'ipod' : 'mp4', '-y', output,
  ];
  try {
    await runFfmpeg(args, { signal });
  } catch (error) {
    if (signal?.aborted || !(error instanceof AppError) || error.code !== 'internal') throw error;
    throw new AppError('upstream_failed', 'The media could not be converted', error.details);
  }
}
