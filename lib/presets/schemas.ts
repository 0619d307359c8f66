import { z } from 'zod';
import { downloadJobRequestSchema } from '@/lib/downloads/download-job-schemas';
import { templateSchema } from '@/lib/library/schemas';
import { SPONSOR_CATEGORIES } from '@/lib/media/sponsorblock/categories';
import { sponsorCategorySchema } from '@/lib/media/sponsorblock/category-schemas';
import { MP3_BITRATES, PRESET_QUALITIES } from './options';

/**
 * A named preset: the download options a user picks often, under a name. One schema for its options, built from
 * the download request's own fields, so a preset can only hold what a download can be asked for. No server-only
 * imports here: the dashboard and the result card type their calls with these.
 */

const job = downloadJobRequestSchema.shape;

export { MAX_PRESETS, MP3_BITRATES, PRESET_QUALITIES, type PresetQuality } from './options';

export const presetOptionsSchema = z.object({
  quality: z.enum(PRESET_QUALITIES).meta({ description: 'Video height cap ("best": none); the nearest offered height at or below is taken' }),
  format: job.format.removeDefault().meta({ description: 'Container: mp4 or webm (video), mp3, m4a, opus or wav (audio)' }),
  audioBitrate: z.enum(MP3_BITRATES).meta({ description: 'MP3 bitrate (the other audio formats have one each)' }),
  subs: job.subs.unwrap().nullable().meta({ description: 'Mux the text track in this language into a video (MP4 or WebM); null for none' }),
  embedMetadata: job.embedMetadata.unwrap(),
  loudness: job.loudness.unwrap().meta({ description: 'Normalise the sound (EBU R128): streaming -14 LUFS, podcast -16, broadcast -23, or off' }),
  exact: job.exact.unwrap().meta({ description: 'Trim default: a cut starts on the exact frame (re-encoding the picture) rather than the keyframe before it' }),
  saveToLibrary: z.boolean().optional().meta({ description: 'Also write the file to your library folder (LIBRARY_DIR)' }),
  split: z.enum(['off', 'copy', 'exact']).optional()
    .meta({ description: 'One file per chapter in a ZIP (media with chapters only): copy cuts on keyframes, exact encodes again; off (default) keeps one file' }),
  sponsorMark: z.array(sponsorCategorySchema).max(SPONSOR_CATEGORIES.length).nullable().optional()
    .meta({ description: 'SponsorBlock categories marked as chapters in YouTube downloads; null: your SponsorBlock setting' }),
  sponsorRemove: z.array(sponsorCategorySchema).max(SPONSOR_CATEGORIES.length).nullable().optional()
    .meta({ description: 'SponsorBlock categories cut out of YouTube downloads; null: your SponsorBlock setting' }),
  libraryTemplate: templateSchema.nullable().optional().meta({ description: 'The library file\'s naming template for this preset (null: your own)' }),
});
export type PresetOptions = z.infer<typeof presetOptionsSchema>;

export const presetNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Give the preset a name' })
  .max(60, { error: 'Use at most 60 characters for the name' });

/** A preset as its owner reads it. */
export const presetSchema = presetOptionsSchema.extend({
  id: z.string().meta({ example: 'pre_Q2hhbmdlIG1lIQ' }),
  name: z.string().meta({ example: '1080p MP4' }),
  isDefault: z.boolean().meta({ description: "The user's default preset (at most one): what the result card and bulk start on" }),
  createdAt: z.string().meta({ format: 'date-time' }),
  updatedAt: z.string().meta({ format: 'date-time' }),
});
export type Preset = z.infer<typeof presetSchema>;

/** POST /api/presets: a name; any option left out is taken from the user's download settings. */
export const presetCreateSchema = presetOptionsSchema.partial().extend({
  name: presetNameSchema,
  isDefault: z.boolean().optional(),
}).strict();
export type PresetCreate = z.infer<typeof presetCreateSchema>;

/** PATCH /api/presets/{id}: rename, change options, make (or stop being) the default; at least one field. */
export const presetPatchSchema = presetOptionsSchema.partial().extend({
  name: presetNameSchema.optional(),
  isDefault: z.boolean().optional(),
}).strict().refine((patch) => Object.keys(patch).length > 0, { message: 'Send at least one field to change' });
export type PresetPatch = z.infer<typeof presetPatchSchema>;

export const presetParamsSchema = z.object({ id: z.string().regex(/^pre_[A-Za-z0-9_-]{1,64}$/) });

/** `preset=<name>` on the download and bulk requests: the caller's preset of that name (case ignored). */
export const presetParamSchema = presetNameSchema.meta({
  description: "The name of one of the caller's presets (case ignored): its options apply, and any option sent beside it wins",
  example: '1080p MP4',
});

/** GET /api/presets?locale= — the interface language that names a first-time user's starter presets. */
export const presetListQuerySchema = z.object({ locale: z.string().max(16).optional() });
