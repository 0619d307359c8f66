import { z } from 'zod';

/** The notification bell's API shapes. No server-only imports here. */

/**
 * What happened; the dashboard says it in the visitor's language from the kind. `title` and `body` are English for
 * API clients: download → the media's title as body; bulk → body "ready/total" (e.g. "3/5"); follow_new → the
 * creator's name as title, the newest upload's title as body ("Title (+2)" when two more came with it).
 */
export const NOTIFICATION_KINDS = ['download_ready', 'download_failed', 'bulk_complete', 'follow_new'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_LIMIT = 20;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications → data: the latest 20 and how many are unread in all. */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read → data. */
export const markedReadSchema = z.object({ marked: z.number().int().nonnegative() });
