import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '@/lib/errors';
import { DOWNLOAD_STATUSES } from '@/lib/jobs/download-job-schemas';

/**
 * Answers whose handlers build them from TypeScript types rather than a zod schema: written once here so the
 * OpenAPI document can state them. No server-only imports.
 */

export const errorSchema = z.object({
  success: z.literal(false),
  error: z.string().meta({ description: 'What went wrong, in words a user can read' }),
  code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).meta({ description: 'A stable code to branch on', example: 'invalid_url' }),
  details: z.record(z.string(), z.unknown()).optional(),
});

export const downloadStartedSchema = z.object({ downloadId: z.string().meta({ example: 'dl_Q2hhbmdlIG1lIQ' }) });

export const downloadProgressSchema = z.object({
  id: z.string(),
  _id: z.string(),
  status: z.enum(DOWNLOAD_STATUSES),
  progress: z.number().int().min(0).max(100),
  message: z.string(),
  downloadUrl: z.string().nullable().meta({ description: '`/api/download/{mediaId}?itag=&ext=` once ready, else null' }),
  code: z.string().optional(),
});

export const userSchema = z.object({ id: z.string(), email: z.email() });

export const sessionSchema = z.object({ accessToken: z.string(), refreshToken: z.string(), user: userSchema });

export const issuedTokenSchema = z.object({
  token: z.string().meta({ description: 'The full API token. Shown this once; store it now.', example: 'gl_…' }),
  prefix: z.string(),
  createdAt: z.string().meta({ format: 'date-time' }),
});

export const tokenInfoSchema = z
  .object({
    prefix: z.string(),
    createdAt: z.string().meta({ format: 'date-time' }),
    lastUsedAt: z.string().meta({ format: 'date-time' }).nullable(),
  })
  .nullable();
