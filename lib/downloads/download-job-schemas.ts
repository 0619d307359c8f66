import { z } from 'zod';
import { chapterBodyShape } from '@/lib/media/chapters/schemas';
import { deliveryQueryShape } from '@/lib/media/deliver/schemas';
import { templateSchema } from '@/lib/library/schemas';
import { languageTagSchema } from '@/lib/media/schemas';
import { DOWNLOAD_FORMATS } from './download-formats';
import { JOB_STATUSES } from './job-status';

export { DOWNLOAD_FORMATS, type DownloadFormat } from './download-formats';

/** What a ready download may say it was made without. */
export const DOWNLOAD_NOTES = ['sponsorblock_unavailable'] as const;

/** POST /api/media/download {url, quality, format} (the public API), optionally {itag, item, lang, subs}. */
export const downloadJobRequestSchema = z
  .object({
    url: z.string().trim().catch(''),
    quality: z.string().trim().max(16).default('1080p').describe('A height (1080p, 720p…; the nearest below is taken), or "messaging" for the ≤ 720p, ≤ 16 MB MP4 messengers send as a video'),
    format: z.enum(DOWNLOAD_FORMATS).default('mp4'),
    // The web page names the exact format the visitor chose; quality and format then only describe it.
    itag: z.string().trim().min(1).max(64).optional().describe('An exact format from the analysis (overrides quality and format)'),
    item: z.string().trim().min(1).max(128).optional().describe('Which item of a multi-item post the itag belongs to'),
    start: deliveryQueryShape.start,
    end: deliveryQueryShape.end,
    exact: z.boolean().optional().describe(deliveryQueryShape.exact.description ?? ''),
    embedMetadata: z.boolean().optional().describe(deliveryQueryShape.embedMetadata.description ?? ''),
    loudness: deliveryQueryShape.loudness,
    lang: languageTagSchema.optional()
      .describe("The user's language: the audio track of a group in that language (default: the request's Accept-Language)"),
    subs: languageTagSchema.optional().describe('Mux the text track in this language into the video (MP4 or WebM)'),
    ...chapterBodyShape,
    saveToLibrary: z.boolean().optional()
      .describe('Also write the finished file to your library folder, named by your template (needs the operator\'s LIBRARY_DIR; signed-in users only)'),
    libraryTemplate: templateSchema.optional().describe('The library file\'s naming template for this download (default: yours)'),
  })
  .refine((body) => body.url.length > 0, { message: 'Please enter a valid URL' });
export type DownloadJobRequest = z.infer<typeof downloadJobRequestSchema>;

/** POST /api/media/download → data. */
export const downloadStartedSchema = z.object({ downloadId: z.string().meta({ example: 'dl_Q2hhbmdlIG1lIQ' }) });

/** GET /api/media/progress/{id} → data: one download's progress. */
export const downloadProgressSchema = z.object({
  id: z.string(),
  _id: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.number().int().min(0).max(100).meta({ description: '0..100, never moving backwards' }),
  message: z.string(),
  downloadUrl: z.string().nullable().meta({ description: '`/api/download/{mediaId}?itag=&ext=` (with the cut and `embedMetadata=false` when asked) once ready, else null' }),
  code: z.string().optional().meta({ description: "The error's code when failed" }),
  notes: z.array(z.enum(DOWNLOAD_NOTES)).optional()
    .meta({ description: 'What the file was made without: sponsorblock_unavailable (SponsorBlock did not answer in time; nothing was marked or removed)' }),
  scheduledFor: z.string().meta({ format: 'date-time', description: 'A queued background download waiting for its download window: when it starts' }).optional(),
});
export type DownloadProgress = z.infer<typeof downloadProgressSchema>;
