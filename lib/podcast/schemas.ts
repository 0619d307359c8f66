import { z } from 'zod';
import { FEED_MEDIA } from './media-types';

/** A follow's podcast feed as its owner sees it: never the token, which is shown once when it is made. */
export const feedStatusSchema = z.object({
  enabled: z.boolean().meta({ description: 'Whether a token opens the feed now (false: never made, or revoked)' }),
  media: z.enum(FEED_MEDIA).meta({ description: "What the feed's episodes are: their audio (MP3) or their video (MP4)" }),
  updatedAt: z.string().meta({ format: 'date-time' }).nullable(),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;

/** POST /api/follows/{id}/feed → data: the feed's address with its new token, shown this once. */
export const feedCreatedSchema = feedStatusSchema.extend({
  url: z.string().meta({ description: "The feed's address with its secret token: give it to a podcast app; shown this once" }),
});
export type FeedCreated = z.infer<typeof feedCreatedSchema>;

/** PATCH /api/follows/{id}/feed: audio or video episodes (background downloads of the follow take MP3 or MP4). */
export const feedPatchSchema = z.object({ media: z.enum(FEED_MEDIA, { error: `media must be one of ${FEED_MEDIA.join(', ')}` }) }).strict();
export type FeedPatch = z.infer<typeof feedPatchSchema>;
