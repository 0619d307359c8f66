import type { OfferPlan } from './types';

/**
 * A video offer without its sound: the same picture, copied (or encoded, when the offer encodes its picture) into
 * the same container with no audio stream. Itag `<itag>-mute`. A plan with no sound is its own silent variant.
 */
export function silentVariant(plan: OfferPlan): OfferPlan {
  if (plan.kind !== 'video' || !plan.audio) return plan;
  const variant: OfferPlan = { ...plan, itag: `${plan.itag}-mute`, action: plan.action === 'transcode-video' ? 'transcode-video' : 'remux' };
  delete variant.audio;
  delete variant.audioCodec;
  delete variant.audioBitrate;
  return variant;
}
