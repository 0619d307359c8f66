import { z } from 'zod';

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$/;

/** GET /api/download/{id}?itag=&ext=&item=&subs=&lang= */
export const downloadQuerySchema = z.object({
  itag: z.string({ error: 'itag is required' }).min(1).max(64),
  ext: z.string().max(10).optional(),
  item: z.string().max(256).optional(),
  subs: z.string().regex(LANGUAGE_TAG, 'subs must be a language tag such as "en" or "pt-BR"').optional()
    .meta({ description: 'mux the text track in this language into the video (MP4: mov_text, WebM: WebVTT)' }),
  lang: z.string().regex(LANGUAGE_TAG, 'lang must be a language tag such as "en" or "pt-BR"').optional()
    .meta({ description: "the user's language: picks the audio track of a group (else the Accept-Language header)" }),
});

