import { z } from 'zod';

/** One user's own limits, as an admin sets them; null keeps the instance default (USER_CONCURRENT_JOBS, USER_DAILY_BYTES). */
export const userLimitsSchema = z.object({
  concurrentJobs: z.int().min(1).max(256).nullable()
    .describe('Download jobs, and bulk items, of this user running at once; null: USER_CONCURRENT_JOBS'),
  dailyBytes: z.int().min(1).max(Number.MAX_SAFE_INTEGER).nullable()
    .describe("Bytes of files prepared for or served to the user per UTC day; null: USER_DAILY_BYTES (unset there: no limit)"),
});
export type UserLimits = z.infer<typeof userLimitsSchema>;

/** GET's answer: the limits as set, and what the user's files took today (UTC). */
export const userLimitsAnswerSchema = userLimitsSchema.extend({
  usedBytesToday: z.int().min(0).describe('Bytes of files prepared for or served to the user, counted since midnight UTC'),
});
export type UserLimitsAnswer = z.infer<typeof userLimitsAnswerSchema>;
