import { z } from 'zod';
import { isTimeZone, parseWindow } from './window-spec';

/** Window text as zod checks it: the parse error is the message. */
export const windowTextSchema = z.string().trim().max(500).superRefine((text, ctx) => {
  const parsed = parseWindow(text);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
});

export const timeZoneSchema = z.string().trim().refine(isTimeZone, { message: 'Not a time zone this server knows (use an IANA name such as Europe/Paris, or UTC)' });
