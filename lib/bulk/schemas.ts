import { z } from 'zod';
import { templateSchema } from '@/lib/library/schemas';
import { chapterBodyShape } from '@/lib/media/chapters/schemas';
import { LOUDNESS_CHOICES } from '@/lib/media/loudness/targets';
import { BULK_FORMATS, BULK_MAX_ITEMS, BULK_QUALITIES } from './options';

/**
 * The bulk API's bodies, one source of truth for the handler, the /bulk page and the API docs. No server-only
 * imports here.
 */

export { BULK_FORMATS, BULK_MAX_ITEMS, BULK_QUALITIES, splitUrls, type BulkFormat, type BulkQuality } from './options';

const NO_URLS = 'Please enter at least one URL';

/** `{urls, quality, format, loudness?, split?}`; urls are trimmed and blanks dropped before the 1..50 check. */
export const bulkRequestSchema = z.object({
  urls: z
    .array(z.string())
    .catch([])
    .transform((urls) => urls.map((url) => url.trim()).filter(Boolean))
    .refine((urls) => urls.length > 0, { message: NO_URLS })
    .refine((urls) => urls.length <= BULK_MAX_ITEMS, { message: `At most ${BULK_MAX_ITEMS} URLs at once` }),
  quality: z.enum(BULK_QUALITIES).default('1080p'),
  format: z.enum(BULK_FORMATS).default('mp4'),
  loudness: z.enum(LOUDNESS_CHOICES, { error: `loudness must be one of ${LOUDNESS_CHOICES.join(', ')}` }).optional()
    .describe('Normalise every file\'s sound (EBU R128): streaming -14 LUFS, podcast -16, broadcast -23, or off (default: the user setting, else off)'),
  split: z.boolean().optional()
    .describe('true delivers each item of a media with chapters as a ZIP with one file per chapter ("01 - Intro.mp4"), cut by stream copy (on keyframes), or exactly with exact=true (encoded again); an item without chapters is delivered as one file'),
  exact: z.boolean().optional().describe('With split: cut each chapter exactly where it starts (encoded again, slower)'),
  sponsorMark: chapterBodyShape.sponsorMark,
  sponsorRemove: chapterBodyShape.sponsorRemove,
  later: z.boolean().optional()
    .describe('Start the items only within your download window and the server\'s (signed-in users only); outside them the batch waits, scheduled'),
  saveToLibrary: z.boolean().optional()
    .describe('Also write each finished file to your library folder, named by your template (needs the operator\'s LIBRARY_DIR; signed-in users only)'),
  libraryTemplate: templateSchema.optional().describe('The library files\' naming template for this batch (default: yours)'),
});
export type BulkRequest = z.infer<typeof bulkRequestSchema>;

export const BULK_ITEM_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type BulkItemStatus = (typeof BULK_ITEM_STATUSES)[number];

export const bulkItemSchema = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string().optional(),
  status: z.enum(BULK_ITEM_STATUSES),
  progress: z.number().int().min(0).max(100),
  message: z.string(),
  /** The error's code (lib/errors.ts) for a failed item, so the page can say it in the visitor's language. */
  code: z.string().optional(),
  downloadUrl: z.string().optional(),
});
export type BulkItem = z.infer<typeof bulkItemSchema>;

/** GET /api/bulk/{batchId} → data. */
export const bulkBatchSchema = z.object({
  batchId: z.string(),
  /** This batch's own address; an anonymous batch's carries the key that alone opens it. */
  statusUrl: z.string(),
  /** The completed files as one ZIP. */
  zipUrl: z.string(),
  quality: z.enum(BULK_QUALITIES),
  format: z.enum(BULK_FORMATS),
  items: z.array(bulkItemSchema),
  done: z.boolean(),
  total: z.number().int(),
  scheduledFor: z.string().meta({ format: 'date-time', description: 'A batch marked "later" that waits for the download window: when its items start' }).optional(),
});
export type BulkBatch = z.infer<typeof bulkBatchSchema>;

/** POST /api/bulk → data: the batch's id and where to read it (only these links open an anonymous batch). */
export const bulkStartedSchema = z.object({ batchId: z.string(), statusUrl: z.string(), zipUrl: z.string() });
export type BulkStarted = z.infer<typeof bulkStartedSchema>;

/** GET /api/bulk/{id}[/zip]?key= — the capability key of an anonymous batch. */
export const batchReadQuerySchema = z.object({ key: z.string().max(128).optional() });


export const BULK_MESSAGES = {
  queued: 'Queued for processing',
  scheduled: 'Scheduled for the download window',
  processing: 'Processing...',
  ready: 'Ready for download',
  failed: 'Download failed',
} as const;
