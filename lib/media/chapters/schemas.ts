import { z } from 'zod';
import { SPONSOR_CATEGORIES } from '@/lib/media/sponsorblock/categories';
import { categoryListSchema, sponsorCategorySchema } from '@/lib/media/sponsorblock/category-schemas';

const CATEGORIES = SPONSOR_CATEGORIES.join(', ');
const SPLIT = 'true delivers a ZIP with one file per chapter ("01 - Intro.m4a"), each cut by stream copy (on keyframes), or exactly with exact=true (encoded again); only for a media with chapters';
const MARK = `SponsorBlock categories (${CATEGORIES}) marked as chapters in a YouTube video's file (default: your setting, else sponsor, selfpromo, interaction)`;
const REMOVE = `SponsorBlock categories (${CATEGORIES}) cut out of a YouTube video's file, its chapters moved up (default: your setting, else none)`;

/** The chapter options of a file link: `split=1`, `sponsorMark=sponsor,selfpromo`, `sponsorRemove=` (comma lists; empty for none). */
export const chapterQueryShape = {
  split: z.enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'split must be true or false' })
    .transform((value) => value === '1' || value === 'true' || value === 'yes').optional().describe(SPLIT),
  sponsorMark: categoryListSchema.optional().describe(`${MARK}; a comma list, empty for none`),
  sponsorRemove: categoryListSchema.optional().describe(`${REMOVE}; a comma list, empty for none`),
};

/** The same options in a JSON body (the public API's download, bulk, presets): a flag and arrays. */
export const chapterBodyShape = {
  split: z.boolean().optional().describe(SPLIT),
  sponsorMark: z.array(sponsorCategorySchema).max(SPONSOR_CATEGORIES.length).optional().describe(MARK),
  sponsorRemove: z.array(sponsorCategorySchema).max(SPONSOR_CATEGORIES.length).optional().describe(REMOVE),
};
