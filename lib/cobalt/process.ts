import 'server-only';
import type { Db } from '@/lib/db';
import type { Analyze, AnalyzedMedia } from '@/lib/media/analyze';
import type { OfferPlan } from '@/lib/media/offers';
import { checkedOffer } from '@/lib/media/deliver';
import { chooseForCobalt } from './choose-offer';
import { cobaltFilename } from './filename';
import type { CobaltRequest, CobaltResponse } from './schemas';
import { tunnelUrl } from './tunnel';
import { deliveryDefaults } from '@/lib/settings/download-defaults';
import { publicThumbnail } from '@/lib/thumbnails/signed-url';
import { userCookieOptions } from '@/lib/user-cookies/for-request';

/** The item a plan belongs to (its `i<n>-` itag), for the file name. */
function titleOf(media: AnalyzedMedia, plan: OfferPlan): string {
  const index = /^i(\d+)-/.exec(plan.itag)?.[1];
  return (index !== undefined ? media.info.items?.[Number(index)]?.title : undefined) || media.info.title;
}

/**
 * `redirect` only where it tells the client nothing new and costs the visitor no privacy: the file the link
 * itself names, passed through untouched, needing no headers of ours. Everything else is a tunnel through us.
 */
function redirectsTo(media: AnalyzedMedia, plan: OfferPlan, request: CobaltRequest): string | undefined {
  if (request.alwaysProxy || plan.action !== 'passthrough') return undefined;
  const source = plan.image ?? plan.video ?? plan.audio;
  if (!source || source.protocol !== 'http' || source.httpHeaders) return undefined;
  return source.url === request.url || source.url === media.extraction.url ? source.url : undefined;
}

/**
 * One cobalt request: analyse the link (the analysis cache answers repeats), pick the offers its preferences mean,
 * check each against the limits as a download would, and answer tunnel, redirect or picker.
 */
export async function processCobalt(
  request: CobaltRequest, ctx: { db: () => Promise<Db>; analyze: Analyze; origin: string; signal: AbortSignal; user?: string | null; owner?: string },
): Promise<CobaltResponse> {
  // A token's owner gets their own platform cookies, as on the media API.
  const media = await ctx.analyze(request.url, { signal: ctx.signal, ...(await userCookieOptions(ctx.db, ctx.user, request.url)) });
  const choice = chooseForCobalt(media, request);
  // The loudness asked for, else the token owner's setting, else as the source has it (the media API's rule).
  const { loudness } = await deliveryDefaults(ctx.db, { loudness: request.loudness }, ctx.user ?? undefined);
  // Only sound and video are normalised: a photo's offer has no loudness, and its link names none.
  const loudnessOf = (plan: OfferPlan) => checkedOffer(media.info.id, plan.itag, { loudness }).delivery.loudness;
  const tunnel = (plan: OfferPlan) => tunnelUrl(ctx.origin, media.info.id, plan.itag, plan.ext, ctx.owner, loudnessOf(plan));
  const filename = (plan: OfferPlan) => cobaltFilename(request.filenameStyle, media, plan, titleOf(media, plan));
  if (choice.kind === 'file') {
    // A file whose sound is normalised is made here, never handed over as the source has it.
    const direct = loudnessOf(choice.plan) ? undefined : redirectsTo(media, choice.plan, request);
    if (direct) return { status: 'redirect', url: direct, filename: filename(choice.plan) };
    return { status: 'tunnel', url: tunnel(choice.plan), filename: filename(choice.plan) };
  }
  const absolute = (path: string | undefined) => (path ? new URL(path, ctx.origin).href : undefined);
  return {
    status: 'picker',
    ...(choice.audio ? { audio: tunnel(choice.audio), audioFilename: filename(choice.audio) } : {}),
    picker: choice.items.map(({ type, plan, index }) => {
      const thumb = absolute(publicThumbnail(media.info.items?.[index]?.thumbnail));
      return { type, url: tunnel(plan), ...(thumb ? { thumb } : {}) };
    }),
  };
}
