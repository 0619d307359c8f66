import 'server-only';
import { chaptersWithMarks, mergeRanges, type Chapter, type TimeRange } from '@/lib/media/chapters/chapters';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import type { SplitMode } from '@/lib/media/chapters/delivery';
import { DEFAULT_SPONSOR_CHOICE, isEmptyChoice, type SponsorCategory, type SponsorChoice } from '@/lib/media/sponsorblock/categories';
import { fetchSponsorSegments } from '@/lib/media/sponsorblock/segments';
import type { ResolvedOffer } from './resolve-offer';

/** What a file's chapters come to: those written into it, the stretches cut out of it, whether to read the source's own. */
export interface ChapterWork {
  /** In the source's seconds. */
  chapters: Chapter[];
  /** In the source's seconds. */
  remove: TimeRange[];
  /** No chapters were known at analysis: the fetched file's own (an MP4 or Matroska file's) are carried over. */
  readSource: boolean;
}

/** How a marked stretch is titled in the file: SponsorBlock's category in words every player shows as they are. */
const MARK_TITLES: Record<SponsorCategory, string> = {
  sponsor: 'Sponsor', selfpromo: 'Self-promotion', interaction: 'Interaction reminder', intro: 'Intro', outro: 'Outro',
  preview: 'Preview', music_offtopic: 'Non-music section', filler: 'Filler',
};

/** A YouTube video's id as SponsorBlock knows it: the extraction's own id of a YouTube watch page. */
function youtubeId(offer: Pick<ResolvedOffer, 'media'>): string | undefined {
  const { extraction } = offer.media;
  return extraction.platform === 'youtube' && /^[A-Za-z0-9_-]{11}$/.test(extraction.id) ? extraction.id : undefined;
}

/** Whether the offer is one item of a post (an item has no chapters of the media's). */
const isItem = (offer: Pick<ResolvedOffer, 'plan'>) => /^i\d+-/.test(offer.plan.itag);

/**
 * The offer with SponsorBlock's segments in its delivery, asked once (a YouTube video whose delivery chose
 * categories, not asked yet). SponsorBlock not answering is noted on the delivery, never thrown.
 */
export async function withSponsorSegments(offer: ResolvedOffer, signal?: AbortSignal): Promise<ResolvedOffer> {
  const sponsor = offer.delivery.sponsor;
  const id = youtubeId(offer);
  if (!sponsor || sponsor.segments || sponsor.unavailable || !id || isItem(offer)) return offer;
  const categories = [...sponsor.mark, ...sponsor.remove];
  if (categories.length === 0) return offer;
  const answer = await fetchSponsorSegments(id, categories, signal);
  const asked = answer.ok ? { ...sponsor, segments: answer.segments } : { ...sponsor, unavailable: true };
  return { ...offer, delivery: { ...offer.delivery, sponsor: asked } };
}

/**
 * The chapters a prepared file gets and the stretches cut out of it: the media's chapters (none for an item of a
 * post), SponsorBlock's marked segments laid over them as chapters of their own, its removed ones to cut.
 */
export function chapterWorkOf(offer: ResolvedOffer): ChapterWork | undefined {
  if (offer.plan.kind !== 'video' && offer.plan.kind !== 'audio') return undefined;
  const own = isItem(offer) ? [] : (offer.media.extraction.chapters ?? []);
  const sponsor = offer.delivery.sponsor;
  const segments = sponsor?.segments ?? [];
  const duration = offer.duration ?? offer.media.extraction.duration ?? 0;
  const marks = segments.filter((s) => sponsor?.mark.includes(s.category)).map((s) => ({ start: s.start, end: s.end, title: MARK_TITLES[s.category] }));
  const remove = mergeRanges(segments.filter((s) => sponsor?.remove.includes(s.category)), duration || Infinity);
  const chapters = marks.length > 0 && duration > 0 ? chaptersWithMarks(own, marks, duration, offer.title) : own;
  return { chapters, remove, readSource: own.length === 0 && !isItem(offer) };
}

/** Whether a media can be split by its chapters: it lists some, and it is not an item of a post. */
export const splittable = (offer: Pick<ResolvedOffer, 'plan' | 'media'>): boolean =>
  (offer.plan.kind === 'video' || offer.plan.kind === 'audio') && !isItem(offer) && (offer.media.extraction.chapters?.length ?? 0) > 0;

/**
 * The chapter options of a delivery, checked against the offer: a split only of a media with chapters (else a
 * clear 400), SponsorBlock only for a YouTube video's sound or picture, with the default choice (mark sponsor,
 * self-promotion and interaction reminders) when none was given, and nothing at all when SponsorBlock is off.
 */
export function chapterDelivery(
  offer: Pick<ResolvedOffer, 'plan' | 'media'>, asked: { chapterSplit?: SplitMode; sponsorBlock?: SponsorChoice },
): { split?: SplitMode; sponsor?: SponsorChoice } {
  if (asked.chapterSplit && !splittable(offer)) throw new AppError('invalid_request', 'This media has no chapters to split it by');
  const media = offer.plan.kind === 'video' || offer.plan.kind === 'audio';
  const choice = asked.sponsorBlock ?? DEFAULT_SPONSOR_CHOICE;
  const sponsor = media && youtubeId(offer) && !isItem(offer) && config().env.SPONSORBLOCK && !isEmptyChoice(choice) ? choice : undefined;
  return { ...(asked.chapterSplit ? { split: asked.chapterSplit } : {}), ...(sponsor ? { sponsor } : {}) };
}
