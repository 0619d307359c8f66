import { AppError } from '@/lib/errors';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import type { OfferPlan } from '@/lib/media/offers';
import type { DownloadFormat } from './download-formats';

const AUDIO_ITAGS: Record<string, string[]> = {
  m4a: ['m4a'],
  wav: ['wav'],
  opus: ['opus'],
};

/** "1080p", "4K", "2160", "720p60" → a height; anything else (e.g. "best") → no cap. */
function wantedHeight(quality: string): number {
  if (/^(4k|uhd)$/i.test(quality)) return 2160;
  if (/^2k$/i.test(quality)) return 1440;
  const match = /^(\d{3,4})p?/i.exec(quality);
  return match ? Number(match[1]) : Infinity;
}

function mp3Itags(quality: string): string[] {
  // An MP3 source is offered as itself ('mp3'); a smaller one ('mp3-128') only when it is worth making.
  return /128/.test(quality) ? ['mp3-128', 'mp3', 'mp3-320'] : ['mp3-320', 'mp3', 'mp3-128'];
}

const firstPresent = (plans: Map<string, OfferPlan>, itags: string[]) => itags.map((itag) => plans.get(itag)).find(Boolean);

/** A format the visitor chose from the analysis: its itag, and the item's id for one piece of a post. */
type ExactChoice = { itag?: string; item?: string };

/** Items' plans live under `i<n>-<itag>`: a bare itag with an item id is looked up under that item's prefix. */
function exactOffer(media: AnalyzedMedia, itag: string, itemId?: string): OfferPlan {
  let key = itag;
  if (itemId !== undefined) {
    const index = media.info.items?.findIndex((item) => item.id === itemId) ?? -1;
    if (index < 0) throw new AppError('invalid_request', 'This post has no such item');
    if (!itag.startsWith(`i${index}-`)) key = `i${index}-${itag}`;
  }
  const plan = media.plans.get(key);
  if (!plan) throw new AppError('invalid_request', 'This format is not offered for this media');
  return plan;
}

/**
 * The offer a {quality, format} request means: audio formats by their itag (mp3 at 320k unless the quality
 * says 128); video formats at the wanted height or the nearest one below it (or, when every rung is higher,
 * the lowest); quality "messaging" is the file for messengers (≤ 720p, ≤ 16 MB). A post of stills only answers with its first still whatever was asked. An exact itag (the
 * web page's choice) wins over both.
 */
export function pickOffer(media: AnalyzedMedia, quality: string, format: DownloadFormat, exact?: ExactChoice): OfferPlan {
  if (exact?.itag) return exactOffer(media, exact.itag, exact.item);
  // Text tracks are never what a {quality, format} request means.
  const plans = [...media.plans.values()].filter((plan) => !/^i\d+-/.test(plan.itag) && plan.kind !== 'subtitles');
  const top = new Map(plans.map((plan) => [plan.itag, plan]));
  const onlyImages = plans.length > 0 && plans.every((plan) => plan.kind === 'image');
  if (onlyImages) return plans[0];
  const audio = format === 'mp3' ? mp3Itags(quality) : AUDIO_ITAGS[format];
  if (audio) {
    const plan = firstPresent(top, audio);
    if (!plan) throw new AppError('invalid_request', `This media has no ${format.toUpperCase()} offer`);
    return plan;
  }
  // The messaging file is asked for by name; a height never picks it over the file at that height.
  const messaging = plans.find((plan) => plan.messaging && plan.container === format);
  if (/^messaging$/i.test(quality) && messaging) return messaging;
  const videos = plans
    .filter((plan) => plan.kind === 'video' && plan.container === format && !plan.messaging)
    .sort((a, b) => (b.height ?? 0) - (a.height ?? 0));
  if (videos.length === 0) throw new AppError('invalid_request', `This media has no ${format.toUpperCase()} offer`);
  const cap = wantedHeight(quality);
  return videos.find((plan) => (plan.height ?? 0) <= cap) ?? videos[videos.length - 1];
}

// The audio a video choice falls back to, best first: the container nearest MP4, then the common ones.
const AUDIO_FALLBACK = ['m4a', 'mp3-320', 'mp3', 'opus', 'mp3-128', 'wav'];

/**
 * The plan for one bulk item: the batch's {quality, format} as a download job picks it. A batch mixes links,
 * so a video choice (the default MP4) on a link that only has audio (a podcast, an MP3 file) gets the audio
 * instead of failing the item. The cobalt-compatible API picks its videos the same way, at any height.
 */
export function pickBulkPlan(media: AnalyzedMedia, choice: { quality: string; format: DownloadFormat }): OfferPlan {
  try {
    return pickOffer(media, choice.quality, choice.format);
  } catch (error) {
    const plans = [...media.plans.values()].filter((plan) => !/^i\d+-/.test(plan.itag));
    if (plans.some((plan) => plan.kind === 'video')) throw error;
    const audio = plans.filter((plan) => plan.kind === 'audio');
    const fallback = AUDIO_FALLBACK.map((itag) => audio.find((plan) => plan.itag === itag)).find(Boolean) ?? audio[0];
    if (!fallback) throw error;
    return fallback;
  }
}
