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

/** Register: the rules a new password must meet. */
export const registerSchema = z.object({ email: emailSchema, password: newPasswordSchema });

// Sign-in checks no password rules: a rule change must not lock out accounts created before it.
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Enter your password' }).min(1, { error: 'Enter your password' }).max(256),
});

export const refreshSchema = z.object({ refreshToken: z.string().min(1).max(200).optional() });
