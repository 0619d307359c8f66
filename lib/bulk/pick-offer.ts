import { AppError } from '@/lib/errors';
import type { Format } from '@/lib/media/types';
import type { BulkFormat, BulkQuality } from './schemas';

const heightOf = (quality: string) => Number(/^(\d+)p$/.exec(quality)?.[1] ?? NaN);
const kbpsOf = (quality: string) => Number(/^(\d+)k/.exec(quality)?.[1] ?? 0);

/**
 * The offer a batch's choice means for one media: in the chosen container, the highest rung not above the
 * chosen quality (a 720p source asked for 1080p gives 720p), else the lowest above it; for mp3 the best
 * bitrate. Throws a per-item reason when the media has nothing in that container.
 */
export function pickOffer(formats: Format[], choice: { quality: BulkQuality; format: BulkFormat }): Format {
  const candidates = formats.filter((format) => format.ext === choice.format);
  if (choice.format === 'mp3') {
    const best = [...candidates].sort((a, b) => kbpsOf(b.quality) - kbpsOf(a.quality))[0];
    if (best) return best;
  } else {
    const wanted = heightOf(choice.quality);
    const rungs = candidates.filter((format) => Number.isFinite(heightOf(format.quality)));
    const atOrBelow = rungs.filter((f) => heightOf(f.quality) <= wanted).sort((a, b) => heightOf(b.quality) - heightOf(a.quality));
    const above = rungs.filter((f) => heightOf(f.quality) > wanted).sort((a, b) => heightOf(a.quality) - heightOf(b.quality));
    const pick = atOrBelow[0] ?? above[0] ?? candidates[0];
    if (pick) return pick;
  }
  throw new AppError('no_media', `This media is not available as ${choice.format.toUpperCase()}`);
}
