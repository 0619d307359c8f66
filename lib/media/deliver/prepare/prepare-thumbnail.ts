import 'server-only';
import { rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import { runFfmpeg } from '@/lib/media/ffmpeg';
import { localInputArgs } from '@/lib/media/ffmpeg/input-args';
import type { OfferPlan } from '@/lib/media/offers';
import { loadPicture } from '@/lib/media/pictures/load-picture';

// Transparent parts are laid on white (JPEG has no alpha); the first frame of an animation is the picture.
const TO_JPEG = [
  '-filter_complex', '[0:v]format=rgba,split[canvas][picture];[canvas]drawbox=c=white@1:t=fill[white];[white][picture]overlay=format=auto,format=yuvj420p[out]',
  '-map', '[out]', '-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '2', '-f', 'mjpeg',
];

/**
 * The thumbnail offer's file: the picture through the thumbnail route's own guarded, size-capped and cached fetch,
 * kept byte for byte when it is a JPEG, else converted by ffmpeg from the local copy.
 */
export async function prepareThumbnail(
  plan: OfferPlan,
  dir: string,
  opts: { signal: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<{ file: string; size: number }> {
  const src = plan.image?.url;
  if (!src) throw new Error(`plan ${plan.itag} names no picture`);
  const picture = await loadPicture(src);
  opts.signal.throwIfAborted();
  const output = path.join(dir, `output.${plan.ext}`);
  if (picture.type === 'image/jpeg') {
    await writeFile(output, picture.bytes);
  } else {
    const input = path.join(dir, 'input-picture');
    await writeFile(input, picture.bytes);
    try {
      await runFfmpeg(['-y', ...localInputArgs(input), ...TO_JPEG, output], { signal: opts.signal });
    } catch (error) {
      if (opts.signal.aborted || (error instanceof AppError && error.code !== 'internal')) throw error;
      throw new AppError('format_unavailable', 'This thumbnail could not be converted to JPEG');
    } finally {
      await rm(input, { force: true });
    }
  }
  opts.onProgress?.(1);
  return { file: output, size: (await stat(output)).size };
}
