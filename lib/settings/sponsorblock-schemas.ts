import { z } from 'zod';
import { SPONSOR_CATEGORIES } from '@/lib/media/sponsorblock/categories';
import { sponsorCategorySchema } from '@/lib/media/sponsorblock/category-schemas';

/** GET/PUT /api/settings/sponsorblock: the categories a user's YouTube downloads mark as chapters and cut out. */
export const sponsorSettingsSchema = z.object({
  mark: z.array(sponsorCategorySchema).max(SPONSOR_CATEGORIES.length)
    .meta({ description: 'SponsorBlock categories shown as chapters in the file (default: sponsor, selfpromo, interaction)' }),
  remove: z.array(sponsorCategorySchema).max(SPONSOR_CATEGORIES.length)
    .meta({ description: 'SponsorBlock categories cut out of the file for good (default: none); one in both lists is removed' }),
});
export type SponsorSettings = z.infer<typeof sponsorSettingsSchema>;
