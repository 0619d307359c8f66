import { z } from 'zod';
import { LOUDNESS_CHOICES } from '@/lib/media/loudness/targets';
import { chapterQueryShape } from '@/lib/media/chapters/schemas';
import { languageTagSchema } from '@/lib/media/schemas';

/** A yes/no in a query string: 1/true/yes or 0/false/no. */
export const queryFlag = (name: string, description: string) =>
  z.enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: `${name} must be true or false` })
    .transform((value) => value === '1' || value === 'true' || value === 'yes')
    .optional()
    .describe(description);

/** Time text is checked (and told apart from a bad range) when the media's duration is known. */
const timeText = (description: string) => z.string().max(16).optional().describe(description);

/** What a download's file is cut to and whether it carries the media's details: the file link and the public API. */
export const deliveryQueryShape = {
  start: timeText('Cut from here: seconds (12.5) or a clock time (1:05, 1:02:03.5); default the beginning'),
  end: timeText('Cut to here, after start and within the duration; default the end'),
  exact: queryFlag('exact', 'true cuts on the exact frame (re-encoding the picture); otherwise the cut starts on the keyframe at or before start'),
  embedMetadata: queryFlag('embedMetadata', 'false leaves title, uploader, date, platform and cover art out of the file (default: the user setting, else true)'),
  loudness: z.enum(LOUDNESS_CHOICES, { error: `loudness must be one of ${LOUDNESS_CHOICES.join(', ')}` }).optional()
    .describe('Normalise the sound (two-pass EBU R128, true peak ≤ -1 dBTP, the picture copied): streaming -14 LUFS, podcast -16, broadcast -23; off keeps it as the source has it (default: the user setting, else off)'),
};

/** GET /api/download/{id}?itag=&ext=&item=&start=&end=&exact=&embedMetadata=&loudness=&subs=&lang= */
export const downloadQuerySchema = z.object({
  itag: z.string({ error: 'itag is required' }).min(1).max(64),
  ext: z.string().max(10).optional(),
  item: z.string().max(256).optional(),
  ...deliveryQueryShape,
  ...chapterQueryShape,
  subs: languageTagSchema.optional()
    .meta({ description: 'mux the text track in this language into the video (MP4: mov_text, WebM: WebVTT)' }),
  lang: languageTagSchema.optional()
    .meta({ description: "the user's language: picks the audio track of a group (else the Accept-Language header)" }),
});
export type DownloadQuery = z.infer<typeof downloadQuerySchema>;

/** GET /api/download/{id}/zip?loudness= — how every item of the post is made. */
export const postZipQuerySchema = z.object({ loudness: deliveryQueryShape.loudness });
