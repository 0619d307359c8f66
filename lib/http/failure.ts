import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '@/lib/errors';

/** Every failed API answer: `{success: false, error, code, details?}`. */
export const failureSchema = z.object({
  success: z.literal(false),
  error: z.string().meta({ description: 'What went wrong, in words a user can read' }),
  code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).meta({ description: 'A stable code to branch on', example: 'invalid_url' }),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type Failure = z.infer<typeof failureSchema>;
