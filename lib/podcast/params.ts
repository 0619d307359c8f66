import { z } from 'zod';
import { idSchema } from '@/lib/http/ids';

/** A feed's path: the follow and its token; a malformed one names nothing (404). */
export const feedParams = z.object({ followId: idSchema, token: z.string().regex(/^pf_[A-Za-z0-9_-]{43}$/) });

/** A feed file's path: also the episode's file name (`<media id>.<ext>`; the id is looked up, never a path). */
export const feedFileParams = feedParams.extend({
  file: z.string().min(3).max(200).refine((name) => !/[/\\]/.test(name) && /\.[a-z0-9]{2,5}$/.test(name)),
});
