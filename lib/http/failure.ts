import { z } from 'zod';

/** Every failed API answer: `{success: false, error, code, details?}`. */
export const failureSchema = z.object({
  success: z.literal(false),
  error: z.string().meta({ description: 'What went wrong, in words a user can read' }),
  code: z.string().meta({ description: 'A stable code (invalid_url, rate_limited, …) to branch on', example: 'invalid_url' }),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type Failure = z.infer<typeof failureSchema>;
