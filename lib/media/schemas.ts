import { z } from 'zod';

/**
 * The media API's bodies, one source of truth: the handlers validate with them, the UI types its calls with
 * them, and the OpenAPI document is generated from them. No server-only imports here.
 */

export const PLATFORMS = ['youtube', 'tiktok', 'instagram', 'facebook', 'twitter', 'generic'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const MEDIA_KINDS = ['video', 'short', 'live', 'post', 'reel', 'story', 'photo', 'playlist', 'channel'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

const URL_REQUIRED = 'Please enter a valid URL';

export const ANALYSIS_ENGINES = ['auto', 'native', 'ytdlp'] as const;
export const analysisEngineSchema = z.enum(ANALYSIS_ENGINES);
export type AnalysisEngine = z.infer<typeof analysisEngineSchema>;

/**
 * `{url, engine?}`. A missing, non-string or blank url fails as a whole with URL_REQUIRED's text, not as
 * "url: expected string": `catch('')` turns a bad url into blank so the one check below speaks for all cases.
 */
export const analyzeRequestSchema = z
  .object({
    url: z.string().trim().catch(''),
    engine: analysisEngineSchema.default('auto'),
  })
  .refine((body) => body.url.length > 0, { message: URL_REQUIRED });
export type AnalyzeRequest = z.infer<typeof analyzeRequestSchema>;

/** A format the user may pick. */
export const formatSchema = z.object({
  itag: z.string(),
  ext: z.string(),
  quality: z.string(),
  filesize: z.number().int().nonnegative().optional().meta({ description: 'bytes' }),
  filesizeApprox: z.boolean().optional().meta({ description: 'true when filesize is an estimate from bitrate × duration' }),
  format_note: z.string().optional(),
});
export type Format = z.infer<typeof formatSchema>;

const entrySchema = z.object({
  url: z.string(),
  title: z.string().optional(),
  id: z.string().optional(),
  thumbnail: z.string().optional(),
});

export const mediaInfoSchema = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  platform: z.enum(PLATFORMS),
  kind: z.enum(MEDIA_KINDS),
  duration: z.number().nonnegative().meta({ description: 'seconds' }),
  fileSize: z.string().meta({ description: 'human text, e.g. "24.5 MB"' }),
  availableQualities: z.array(z.string()),
  formats: z.array(formatSchema),
  items: z
    .array(z.object({ id: z.string(), title: z.string(), thumbnail: z.string(), duration: z.number(), formats: z.array(formatSchema) }))
    .optional(),
  entries: z.array(entrySchema).optional(),
  createdAt: z.string(),
});
/** The media info, as the API answers it. */
export type MediaInfo = z.infer<typeof mediaInfoSchema>;

export const JOB_STATUSES = ['queued', 'analyzing', 'ready', 'error'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** GET /api/status/{jobId} → data; also the `data` of each SSE status message. */
export const jobSnapshotSchema = z.object({
  status: jobStatusSchema,
  progress: z.number().int().min(0).max(100),
  message: z.string().optional(),
  /** The error's code (lib/errors.ts) when status is 'error', for the UI's localised text. */
  code: z.string().optional(),
  /** What the visitor can act on when status is 'error': retryAt (a paused platform), failingSince, platform. */
  details: z.record(z.string(), z.unknown()).optional(),
  metadata: mediaInfoSchema.optional(),
});
export type JobSnapshot = z.infer<typeof jobSnapshotSchema>;

