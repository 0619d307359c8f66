import { z } from 'zod';

/** Trimmed and lower-cased before validation: one account per address whatever the user typed. */
export const emailSchema = z
  .string({ error: 'Enter your email' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address' }).max(254, { error: 'Enter a valid email address' }));

export const newPasswordSchema = z
  .string({ error: 'Enter a password' })
  .min(8, { error: 'Use at least 8 characters for your password' })
  .max(256, { error: 'Use at most 256 characters for your password' });

const admissionToken = z.string().trim().max(200).optional();

/** Register: the rules a new password must meet, and what lets the account in when registration is not open. */
export const registerSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  invite: admissionToken.meta({ description: 'An invite token from an admin (needed when the server takes accounts by invitation).' }),
  setupToken: admissionToken.meta({ description: 'The one-time setup token from the data directory: makes the first admin.' }),
});

// Sign-in checks no password rules: a rule change must not lock out accounts created before it.
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Enter your password' }).min(1, { error: 'Enter your password' }).max(256),
});

export const refreshSchema = z.object({ refreshToken: z.string().min(1).max(200).optional() });

/** Who is signed in, as every answer shows them. */
export const userSchema = z.object({ id: z.string(), email: z.email() });
export type User = z.infer<typeof userSchema>;

/** POST /api/auth/register → data: the same whether or not the address already had an account. */
export const registeredSchema = z.object({ email: z.email() });

/** POST /api/auth/login and /refresh → data. */
export const sessionSchema = z.object({ accessToken: z.string(), refreshToken: z.string(), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;

/** POST /api/settings/token → data: the new API token, shown this once. */
export const issuedTokenSchema = z.object({
  token: z.string().meta({ description: 'The full API token. Shown this once; store it now.', example: 'gl_…' }),
  prefix: z.string(),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type IssuedApiToken = z.infer<typeof issuedTokenSchema>;

/** GET /api/settings/token → data: the current token as the settings page shows it (never the token), or null. */
export const tokenInfoSchema = z
  .object({
    prefix: z.string(),
    createdAt: z.string().meta({ format: 'date-time' }),
    lastUsedAt: z.string().meta({ format: 'date-time' }).nullable(),
  })
  .nullable();
export type ApiTokenInfo = NonNullable<z.infer<typeof tokenInfoSchema>>;
