import { z } from 'zod';
import { PLATFORMS } from '@/lib/media/types';
import { HISTORY_PAGE_SIZE } from './page-size';

/**
 * The history API's shapes, one source of truth: the handlers validate with them, the dashboard types its calls
 * with them, and /api/openapi.json documents them. No server-only imports here.
 */

export { HISTORY_PAGE_SIZE } from './page-size';
export const HISTORY_STATUSES = ['completed', 'failed'] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

const positiveInt = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).catch(fallback);

/** `?page=&limit=&search=&platform=` — a bad page or limit falls back to the first page of 12, not a 400. */
export const historyQuerySchema = z.object({
  page: positiveInt(1, 100_000),
  limit: positiveInt(HISTORY_PAGE_SIZE, 100),
  search: z.string().trim().max(200).optional().catch(undefined),
  platform: z.enum(PLATFORMS).optional().catch(undefined),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** One download history entry, without the source link. */
export const historyEntrySchema = z.object({
  _id: z.string(),
  mediaInfo: z.object({ thumbnail: z.string().nullable(), title: z.string(), platform: z.enum(PLATFORMS) }),
  downloadedAt: z.string().meta({ format: 'date-time' }),
  quality: z.string(),
  format: z.string(),
  status: z.enum(HISTORY_STATUSES),
  /** bytes, when known */
  fileSize: z.number().int().nonnegative().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** GET /api/history → data: a page of entries and paging counts. */
export const historyListSchema = z.object({
  downloads: z.array(historyEntrySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  totalPages: z.number().int().nonnegative(),
});
export type HistoryList = z.infer<typeof historyListSchema>;

/** POST /api/history/{id}/redownload → data: where the UI goes to download it again. */
export const redownloadSchema = z.object({ path: z.string().meta({ example: '/download?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ' }) });
export type Redownload = z.infer<typeof redownloadSchema>;
/**
 * GET /api/history/seen/{mediaId} → data: the caller's latest completed download of the analysed media (matched by
 * a per-user keyed hash, never by a stored link), or null when their history holds none.
 */
export const seenSchema = z.object({
  seen: z
    .object({
      downloadedAt: z.string().meta({ format: 'date-time' }),
      quality: z.string().meta({ example: '1080p' }),
      format: z.string().meta({ example: 'mp4' }),
    })
    .nullable(),
});
export type Seen = z.infer<typeof seenSchema>;

/** DELETE /api/history → data. */
export const clearedSchema = z.object({ deleted: z.number().int().nonnegative() });

/** GET /api/dashboard/overview → data. successRate is a percentage of the last 30 days, null with no downloads. */
export const overviewSchema = z.object({
  downloadsThisWeek: z.number().int().nonnegative(),
  successRate: z.number().min(0).max(100).nullable(),
  apiUsage: z.object({
    requestsToday: z.number().int().nonnegative(),
    requestsThisMonth: z.number().int().nonnegative(),
    dailyLimit: z.number().int().positive(),
    monthlyLimit: z.number().int().positive(),
  }),
  recent: z.array(historyEntrySchema),
});
export type Overview = z.infer<typeof overviewSchema>;
