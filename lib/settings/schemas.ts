import { z } from 'zod';
import { LOUDNESS_CHOICES } from '@/lib/media/loudness/targets';
import { HISTORY_RETENTIONS, SETTINGS_FORMATS, SETTINGS_QUALITIES } from './options';

/**
 * User settings, their options and defaults: the handlers validate with these, the dashboard
 * types its calls with them and /api/openapi.json documents them. No server-only imports here.
 */

export { HISTORY_RETENTIONS, SETTINGS_FORMATS, SETTINGS_QUALITIES, type HistoryRetention, type SettingsFormat, type SettingsQuality } from './options';

const qualitySchema = z.enum(SETTINGS_QUALITIES, { error: `defaultQuality must be one of ${SETTINGS_QUALITIES.join(', ')}` });
const formatSchema = z.enum(SETTINGS_FORMATS, { error: `defaultFormat must be one of ${SETTINGS_FORMATS.join(', ')}` });
const retentionSchema = z.union(HISTORY_RETENTIONS.map((days) => z.literal(days)), {
  error: `historyRetention must be one of ${HISTORY_RETENTIONS.join(', ')}`,
});

export const preferencesSchema = z.object({
  defaultQuality: qualitySchema,
  defaultFormat: formatSchema,
  autoDownload: z.boolean(),
  historyRetention: retentionSchema,
  embedMetadata: z.boolean().meta({ description: 'Write title, uploader, date, platform (and cover art for audio) into downloaded files' }),
  loudness: z.enum(LOUDNESS_CHOICES, { error: `loudness must be one of ${LOUDNESS_CHOICES.join(', ')}` })
    .meta({ description: 'Normalise the sound of downloads (EBU R128): streaming -14 LUFS, podcast -16, broadcast -23, or off' }),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  defaultQuality: '1080p',
  defaultFormat: 'mp4',
  autoDownload: false,
  historyRetention: 30,
  embedMetadata: true,
  loudness: 'off',
};

/** PATCH /api/settings: any of the preferences, at least one, nothing else. */
export const settingsPatchSchema = preferencesSchema
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Send at least one setting to change' });
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const apiUsageSchema = z.object({
  requestsToday: z.number().int().nonnegative(),
  requestsThisMonth: z.number().int().nonnegative(),
  dailyLimit: z.number().int().positive(),
  monthlyLimit: z.number().int().positive(),
});

/** GET /api/settings → data. apiToken is the active token's first characters and '…' — never the token. */
export const userSettingsSchema = preferencesSchema.extend({
  _id: z.string(),
  apiToken: z.string().meta({ description: "The active token's prefix followed by '…'; empty when none was issued", example: 'gl_AbC123…' }),
  apiUsage: apiUsageSchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** GET /api/settings/defaults → data: what /download and /bulk preselect. */
export const downloadDefaultsSchema = z.object({
  defaultQuality: qualitySchema,
  defaultFormat: formatSchema,
  autoDownload: z.boolean(),
  loudness: preferencesSchema.shape.loudness,
  saved: z.boolean().meta({
    description: "True when these are the signed-in user's saved settings; false for the defaults (signed out, or never saved)",
  }),
});
export type DownloadDefaults = z.infer<typeof downloadDefaultsSchema>;
