import type { SponsorSegment } from '@/lib/media/sponsorblock/segment-types';
import {
  choiceText, DEFAULT_SPONSOR_CHOICE, isEmptyChoice, sponsorChoice, type SponsorCategory, type SponsorChoice,
} from '@/lib/media/sponsorblock/categories';

/** How a file is split by its chapters: stream copy (cut on keyframes) or exact (encoded again). */
export type SplitMode = 'copy' | 'exact';

/** A download's SponsorBlock choice and, once SponsorBlock was asked, what it answered. */
export interface SponsorDelivery extends SponsorChoice {
  /** The video's segments in the chosen categories; absent until asked. */
  segments?: SponsorSegment[];
  /** SponsorBlock was asked and did not answer in time (or is turned off): the file is made without segments. */
  unavailable?: boolean;
}

/** The part of a prepared file's key the chapter options make: files split or cut differently are kept apart. */
export function chapterKey(options: { split?: SplitMode; sponsor?: SponsorChoice }): string {
  const split = options.split ? `~split${options.split === 'exact' ? 'x' : ''}` : '';
  const sponsor = options.sponsor && !isEmptyChoice(options.sponsor) ? `~sb-${choiceText(options.sponsor.mark)}-${choiceText(options.sponsor.remove)}` : '';
  return `${split}${sponsor}`;
}

/** How a request names the chapter options: a split flag (exact with `exact`), and comma lists or arrays of categories. */
export interface ChapterQuery {
  split?: boolean;
  exact?: boolean;
  sponsorMark?: readonly SponsorCategory[];
  sponsorRemove?: readonly SponsorCategory[];
}

/**
 * A request's chapter options as a delivery takes them. A SponsorBlock list left out is the caller's saved choice
 * for it (`saved`), else the default one; both left out with nothing saved leave the default to the delivery.
 */
export function chapterChoices(query: ChapterQuery, saved?: SponsorChoice): { chapterSplit?: SplitMode; sponsorBlock?: SponsorChoice } {
  const base = saved ?? DEFAULT_SPONSOR_CHOICE;
  const asked = query.sponsorMark !== undefined || query.sponsorRemove !== undefined || saved !== undefined;
  return {
    ...(query.split ? { chapterSplit: query.exact ? 'exact' as const : 'copy' as const } : {}),
    ...(asked ? { sponsorBlock: sponsorChoice(query.sponsorMark ?? base.mark, query.sponsorRemove ?? base.remove) } : {}),
  };
}

/** The query a file link carries to make this very file again (empty when neither applies). */
export function chapterQueryOf(delivery: { split?: SplitMode; sponsor?: SponsorChoice }): Record<string, string> {
  const query: Record<string, string> = {};
  if (delivery.split) query.split = '1';
  if (delivery.split === 'exact') query.exact = '1';
  // Named even when it is the default: the caller of the link may have saved another choice.
  if (delivery.sponsor) {
    query.sponsorMark = choiceText(delivery.sponsor.mark);
    query.sponsorRemove = choiceText(delivery.sponsor.remove);
  }
  return query;
}
