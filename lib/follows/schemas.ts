import { z } from 'zod';
import { idSchema } from '@/lib/http/ids';
import { followLibrarySchema } from '@/lib/library/schemas';

/** Following creators: the API's shapes. No server-only imports here (the browser types its calls with them). */

export const FOLLOW_MODES = ['pick', 'auto'] as const;
export type FollowMode = (typeof FOLLOW_MODES)[number];

export const UPLOAD_STATES = ['new', 'dismissed', 'downloading', 'downloaded', 'skipped'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/**
 * Why an upload was not listed or downloaded: it existed before the follow, a filter left it out, the user's
 * follow storage was full, or its background download failed.
 */
export const SKIP_REASONS = ['before_follow', 'filter', 'quota', 'failed'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

const text = z.string().trim().max(100);

/** What is left out before anything is listed or downloaded. A duration bound needs the upload's duration. */
export const followFiltersSchema = z.object({
  titleContains: text.nullable().default(null),
  titleExcludes: text.nullable().default(null),
  minSeconds: z.number().int().min(0).max(100_000).nullable().default(null),
  maxSeconds: z.number().int().min(1).max(100_000).nullable().default(null),
  skipShorts: z.boolean().default(false),
  skipLives: z.boolean().default(false),
  skipMembersOnly: z.boolean().default(false),
}).refine((f) => f.minSeconds === null || f.maxSeconds === null || f.minSeconds <= f.maxSeconds, {
  message: 'minSeconds must not be above maxSeconds', path: ['minSeconds'],
});
export type FollowFilters = z.infer<typeof followFiltersSchema>;

export const followSchema = z.object({
  id: z.string(),
  platform: z.string(),
  channelUrl: z.string(),
  name: z.string(),
  mode: z.enum(FOLLOW_MODES),
  filters: followFiltersSchema,
  paused: z.boolean(),
  /** Its library files' template and layout (null: the user's) and keep policy (LIBRARY_DIR). */
  library: followLibrarySchema,
  lastCheckAt: z.string().meta({ format: 'date-time' }).nullable(),
  /** Why the last check could not read the creator's uploads (an error code such as `upstream_failed`); null when it could. */
  lastCheckError: z.string().nullable(),
  nextCheckAt: z.string().meta({ format: 'date-time' }),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type Follow = z.infer<typeof followSchema>;

/** POST /api/follows: a channel or playlist link (any yt-dlp can list); the name shown until a check reads one. */
export const followRequestSchema = z.object({
  url: z.url({ protocol: /^https?$/ }).max(2048),
  name: z.string().trim().min(1).max(200).optional(),
  mode: z.enum(FOLLOW_MODES).default('pick'),
  filters: followFiltersSchema.optional(),
  library: followLibrarySchema.optional(),
});
export type FollowRequest = z.infer<typeof followRequestSchema>;

/** PATCH /api/follows/{id}: any of mode, filters, paused, library. */
export const followPatchSchema = z.object({
  mode: z.enum(FOLLOW_MODES).optional(),
  filters: followFiltersSchema.optional(),
  paused: z.boolean().optional(),
  library: followLibrarySchema.optional(),
});
export type FollowPatch = z.infer<typeof followPatchSchema>;

export const followListSchema = z.object({
  follows: z.array(followSchema),
  /** Whether the operator offers the auto mode (FOLLOW_AUTO). */
  autoAvailable: z.boolean(),
});
export type FollowList = z.infer<typeof followListSchema>;

export const followUploadSchema = z.object({
  followId: z.string(),
  creator: z.string(),
  platform: z.string(),
  mediaId: z.string(),
  title: z.string(),
  url: z.string(),
  publishedAt: z.string().meta({ format: 'date-time' }).nullable(),
  durationSeconds: z.number().int().nullable(),
  state: z.enum(UPLOAD_STATES),
  reason: z.enum(SKIP_REASONS).nullable(),
  downloadId: z.string().nullable(),
});
export type FollowUpload = z.infer<typeof followUploadSchema>;

/** GET /api/follows/uploads: the newest uploads of every follow still to act on, and those handled in the background. */
export const followUploadListSchema = z.object({ uploads: z.array(followUploadSchema) });

/** POST /api/follows/{id}/uploads/{mediaId}/download → data: the download job to follow. */
export const followDownloadSchema = z.object({ downloadId: z.string() });

/** Route params naming one upload of one follow. */
export const uploadParams = z.object({ followId: idSchema, mediaId: idSchema });

export const followCheckedSchema = z.object({ queued: z.boolean() });
export const unfollowedSchema = z.object({ deleted: z.literal(true) });
export const dismissedSchema = z.object({ dismissed: z.literal(true) });
