import type { AnalyzedMedia } from '@/lib/media/analyze';
import { safeFilename } from '@/lib/media/deliver';
import type { OfferPlan } from '@/lib/media/offers';
import type { CobaltRequest } from './schemas';

/**
 * cobalt's four file name styles for one offer: `classic` is `<platform>_<id>_<height>p.<ext>`, the others start
 * from the title and add more in brackets — basic the quality, pretty the platform too, nerdy the id as well.
 * Always a name safe on every file system.
 */
export function cobaltFilename(style: CobaltRequest['filenameStyle'], media: AnalyzedMedia, plan: OfferPlan, title: string): string {
  const { platform } = media.extraction;
  const id = media.extraction.id || media.info.id;
  const what = plan.kind === 'video' ? (plan.height ? `${plan.height}p` : 'video') : plan.kind === 'audio' ? 'audio' : 'photo';
  const silent = plan.itag.endsWith('-mute') ? ', mute' : '';
  if (style === 'classic') return safeFilename(`${platform}_${id}_${what}${silent ? '_mute' : ''}`, plan.ext);
  const details = style === 'basic' ? [what] : style === 'pretty' ? [what, platform] : [what, platform, id];
  return safeFilename(`${title} (${details.join(', ')}${silent})`, plan.ext);
}
