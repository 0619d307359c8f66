import 'server-only';
import type { Db } from '@/lib/db/driver';
import { now } from '@/lib/db/time';
import {
  choiceText, DEFAULT_SPONSOR_CHOICE, SPONSOR_CATEGORIES, sponsorChoice, type SponsorCategory, type SponsorChoice,
} from '@/lib/media/sponsorblock/categories';

interface Row {
  mark: string;
  remove: string;
}

/** A stored comma list as categories; names a later version dropped are skipped, never an error. */
const listOf = (text: string): SponsorCategory[] =>
  text.split(',').filter((name): name is SponsorCategory => (SPONSOR_CATEGORIES as readonly string[]).includes(name));

/** The user's saved SponsorBlock choice; undefined when they never saved one (the default applies). */
export async function readSavedSponsorChoice(db: Db, userId: string): Promise<SponsorChoice | undefined> {
  const row = await db.get<Row>('SELECT mark, remove FROM user_sponsorblock WHERE user_id = ?', [userId]);
  return row && sponsorChoice(listOf(row.mark), listOf(row.remove));
}

/** The user's SponsorBlock choice: saved, else the default (mark sponsor, self-promotion, interaction). */
export async function readSponsorChoice(db: Db, userId: string): Promise<SponsorChoice> {
  return (await readSavedSponsorChoice(db, userId)) ?? { ...DEFAULT_SPONSOR_CHOICE };
}

/** Saves the user's choice (a category both marked and removed is removed) and answers it as stored. */
export async function saveSponsorChoice(db: Db, userId: string, asked: { mark: readonly string[]; remove: readonly string[] }): Promise<SponsorChoice> {
  const choice = sponsorChoice(asked.mark, asked.remove);
  await db.run(
    `INSERT INTO user_sponsorblock (user_id, mark, remove, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET mark = excluded.mark, remove = excluded.remove, updated_at = excluded.updated_at`,
    [userId, choiceText(choice.mark), choiceText(choice.remove), now()],
  );
  return choice;
}

/**
 * A download's SponsorBlock lists: those the caller sent, the missing ones from their saved choice (a signed-in
 * caller who saved one), else left to the default.
 */
export async function sponsorListsOf(
  db: Db, asked: { sponsorMark?: SponsorCategory[]; sponsorRemove?: SponsorCategory[] }, userId?: string | null,
): Promise<{ sponsorMark?: SponsorCategory[]; sponsorRemove?: SponsorCategory[] }> {
  const saved = userId && (asked.sponsorMark === undefined || asked.sponsorRemove === undefined) ? await readSavedSponsorChoice(db, userId) : undefined;
  const mark = asked.sponsorMark ?? saved?.mark;
  const remove = asked.sponsorRemove ?? saved?.remove;
  return { ...(mark ? { sponsorMark: mark } : {}), ...(remove ? { sponsorRemove: remove } : {}) };
}
