import { z } from 'zod';
import { timeZoneSchema, windowTextSchema } from './spec-schemas';

/** PUT /api/settings/window: the user's window (empty text: none, the server's alone applies) and its time zone. */
export const userWindowPatchSchema = z.object({
  window: windowTextSchema.meta({ description: 'Days and hours, e.g. "Mon-Fri 01:00-06:00; Sat,Sun 00:00-24:00"; empty for none', example: 'Mon-Fri 01:00-06:00' }),
  timeZone: timeZoneSchema.meta({ description: 'The IANA time zone the hours are read in', example: 'Europe/Paris' }),
}).strict();
export type UserWindowPatch = z.infer<typeof userWindowPatchSchema>;

/** GET /api/settings/window → data: the user's window, the server's, and when background work may next start. */
export const userWindowSchema = z.object({
  window: z.string().meta({ description: "The user's window; empty when they set none" }),
  timeZone: z.string().nullable().meta({ description: "The time zone of the user's window; null when they set none" }),
  server: z.object({
    window: z.string().nullable().meta({ description: "The operator's window (DOWNLOAD_WINDOW); null: any time" }),
    timeZone: z.string(),
  }),
  nextStart: z.string().meta({ format: 'date-time', description: 'When background work may start next (now, while the windows are open)' }),
});
export type UserWindow = z.infer<typeof userWindowSchema>;
