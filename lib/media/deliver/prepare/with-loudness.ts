import 'server-only';
import { stat } from 'node:fs/promises';
import { normaliseLoudness } from '@/lib/media/loudness/normalise';
import type { OfferPlan } from '@/lib/media/offers';
import type { PreparedFile, PrepareOptions } from './prepared-file';

/** The part of the bar making the file takes when its sound is normalised after (two more passes over it). */
const MADE_SHARE = 0.75;

/**
 * An offer's file made by `make`, then, when the delivery asks for a loudness and the file has sound, normalised in
 * place (only the sound re-encoded). A file without sound is delivered as it was made.
 */
export async function withLoudness(
  plan: Pick<OfferPlan, 'kind' | 'container' | 'audioBitrate'>, opts: PrepareOptions, make: (opts: PrepareOptions) => Promise<PreparedFile>,
): Promise<PreparedFile> {
  const target = opts.delivery?.loudness;
  if (!target || (plan.kind !== 'video' && plan.kind !== 'audio')) return make(opts);
  const shown = opts.onProgress;
  const made = await make({ ...opts, onProgress: shown && ((fraction) => shown(fraction * MADE_SHARE)) });
  const outcome = await normaliseLoudness(made.file, {
    container: plan.container, target, audioBitrate: plan.audioBitrate, signal: opts.signal,
    onProgress: shown && ((fraction) => shown(MADE_SHARE + fraction * (1 - MADE_SHARE))),
  });
  shown?.(1);
  return outcome === 'normalised' ? { file: made.file, size: (await stat(made.file)).size } : made;
}
