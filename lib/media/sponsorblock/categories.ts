/** SponsorBlock's skippable categories, as its API names them. */
export const SPONSOR_CATEGORIES = ['sponsor', 'selfpromo', 'interaction', 'intro', 'outro', 'preview', 'music_offtopic', 'filler'] as const;
export type SponsorCategory = (typeof SPONSOR_CATEGORIES)[number];

/** What becomes of each category's segments: shown as chapters, or cut out of the file. */
export interface SponsorChoice {
  mark: SponsorCategory[];
  remove: SponsorCategory[];
}

/** Marked as chapters unless the user says otherwise: paid promotion, unpaid self-promotion, "like and subscribe". */
export const DEFAULT_SPONSOR_CHOICE: SponsorChoice = { mark: ['sponsor', 'selfpromo', 'interaction'], remove: [] };

/** Lists in a fixed order, without repeats; a category both marked and removed is removed. */
export function sponsorChoice(mark: readonly string[], remove: readonly string[]): SponsorChoice {
  const ordered = (list: readonly string[]) => SPONSOR_CATEGORIES.filter((c) => list.includes(c));
  const removed = ordered(remove);
  return { mark: ordered(mark).filter((c) => !removed.includes(c)), remove: removed };
}

export const isEmptyChoice = (choice: SponsorChoice): boolean => choice.mark.length === 0 && choice.remove.length === 0;

/** The choice as a short stable text (a prepared file's key, a link's query). */
export const choiceText = (list: readonly SponsorCategory[]): string => list.join(',');
