import { z } from 'zod';

/** GET /api/download/{id}?itag=&ext=&item= */
export const downloadQuerySchema = z.object({
  itag: z.string({ error: 'itag is required' }).min(1).max(64),
  ext: z.string().max(10).optional(),
  item: z.string().max(256).optional(),
});

