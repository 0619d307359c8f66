import { z } from 'zod';
import { SPONSOR_CATEGORIES, type SponsorCategory } from './categories';

/** One category, as a request or a preset names it. */
export const sponsorCategorySchema = z.enum(SPONSOR_CATEGORIES, { error: `must be one of ${SPONSOR_CATEGORIES.join(', ')}` });

/** A comma list of categories as a query string or a form gives it ("" for none). */
export const categoryListSchema = z.string().max(200).transform((raw, ctx) => {
  const names = raw.split(',').map((n) => n.trim()).filter(Boolean);
  const bad = names.filter((n) => !(SPONSOR_CATEGORIES as readonly string[]).includes(n));
  if (bad.length > 0) {
    ctx.addIssue({ code: 'custom', message: `unknown SponsorBlock categor${bad.length > 1 ? 'ies' : 'y'} ${bad.join(', ')}: use ${SPONSOR_CATEGORIES.join(', ')}` });
    return z.NEVER;
  }
  return names as SponsorCategory[];
});
