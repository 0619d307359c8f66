import { z } from 'zod';
import { keepPolicySchema } from './keep-policy';
import { LIBRARY_LAYOUTS } from './layout';
import { DEFAULT_TEMPLATE, TEMPLATE_MAX_LENGTH, templateProblem } from './template';

/** The library's API shapes. No server-only imports here (the settings page and follow form use them). */

export { LIBRARY_LAYOUTS, type LibraryLayout } from './layout';
export { keepPolicySchema, type KeepPolicy } from './keep-policy';

/** A naming template, checked as the server will use it; the error names the problem. */
export const templateSchema = z.string().trim().max(TEMPLATE_MAX_LENGTH).superRefine((template, ctx) => {
  const problem = templateProblem(template);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, params: { reason: problem.code, field: problem.field } });
}).meta({
  description: 'yt-dlp-like naming template: %(field)s, %(field|default)s, %(upload_date>%Y-%m-%d)s, %(playlist_index)03d, "/" between folders',
  example: DEFAULT_TEMPLATE,
});

export const layoutSchema = z.enum(LIBRARY_LAYOUTS, { error: `layout must be one of ${LIBRARY_LAYOUTS.join(', ')}` });

/** GET /api/library/settings → data; PUT takes any of template, layout. */
export const librarySettingsSchema = z.object({
  template: templateSchema,
  layout: layoutSchema.meta({ description: 'plain: the template\'s own folders; media-server: <creator>/Season <year>/ with Kodi NFO files and pictures' }),
});
export type LibrarySettings = z.infer<typeof librarySettingsSchema>;

export const DEFAULT_LIBRARY_SETTINGS: LibrarySettings = { template: DEFAULT_TEMPLATE, layout: 'plain' };

export const librarySettingsPatchSchema = librarySettingsSchema.partial().strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Send template, layout or both' });

export const libraryStatusSchema = librarySettingsSchema.extend({
  /** Whether the operator set LIBRARY_DIR: without it nothing is saved to a library. */
  available: z.boolean(),
});
export type LibraryStatus = z.infer<typeof libraryStatusSchema>;

/** A follow's own library choices: its template and layout (null: the user's), and how long its files are kept. */
export const followLibrarySchema = z.object({
  template: templateSchema.nullable().default(null),
  layout: layoutSchema.nullable().default(null),
  keep: keepPolicySchema.default({ kind: 'all' }),
});
export type FollowLibrary = z.infer<typeof followLibrarySchema>;
export const DEFAULT_FOLLOW_LIBRARY: FollowLibrary = { template: null, layout: null, keep: { kind: 'all' } };
