import { z } from 'zod';
import { languageTagSchema } from '@/lib/media/schemas';

/** GET /api/download/{id}?itag=&ext=&item=&subs=&lang= */
export const downloadQuerySchema = z.object({
  itag: z.string({ error: 'itag is required' }).min(1).max(64),
  ext: z.string().max(10).optional(),
  item: z.string().max(256).optional(),
  subs: languageTagSchema.optional()
    .meta({ description: 'mux the text track in this language into the video (MP4: mov_text, WebM: WebVTT)' }),
  lang: languageTagSchema.optional()
    .meta({ description: "the user's language: picks the audio track of a group (else the Accept-Language header)" }),
});

