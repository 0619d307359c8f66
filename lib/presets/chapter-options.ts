import 'server-only';
import type { Db } from '@/lib/db';
import { choiceText, SPONSOR_CATEGORIES, type SponsorCategory } from '@/lib/media/sponsorblock/categories';
import type { PresetOptions } from './schemas';

/** A preset's chapter columns as stored: split ('off', 'copy', 'exact') and SponsorBlock's lists (NULL: the user's own). */
export interface ChapterColumns {
  split: string;
  sponsor_mark: string | null;
  sponsor_remove: string | null;
}

const listOf = (text: string | null): SponsorCategory[] | null =>
  text === null ? null : text.split(',').filter((name): name is SponsorCategory => (SPONSOR_CATEGORIES as readonly string[]).includes(name));

/** The stored columns as the preset's options (checked with the rest by the options schema). */
export const chapterOptionsOf = (row: ChapterColumns) => ({
  split: row.split, sponsorMark: listOf(row.sponsor_mark), sponsorRemove: listOf(row.sponsor_remove),
});

/** Writes a preset's chapter options beside its other columns. */
export async function writeChapterOptions(db: Db, id: string, options: PresetOptions): Promise<void> {
  await db.run('UPDATE presets SET split = ?, sponsor_mark = ?, sponsor_remove = ? WHERE id = ?', [
    options.split ?? 'off',
    options.sponsorMark ? choiceText(options.sponsorMark) : null,
    options.sponsorRemove ? choiceText(options.sponsorRemove) : null,
    id,
  ]);
}
