import { z } from 'zod';
import { TOKEN_SCOPES } from './token-scope-list';

export { parseScopes, TOKEN_SCOPES, type TokenScope } from './token-scope-list';

export const tokenScopeSchema = z.enum(TOKEN_SCOPES);

/** POST /api/auth/tokens body. */
export const createTokenSchema = z.object({
  name: z.string().trim().min(1, { error: 'Give the token a name' }).max(60, { error: 'Use at most 60 characters for the name' }),
  scopes: z.array(tokenScopeSchema).min(1, { error: 'Choose at least one scope' }).transform((list) => [...new Set(list)]),
  expiresInDays: z.number().int().min(1).max(366).optional().meta({ description: 'Days until the token stops working; omit for no expiry.' }),
  dailyLimit: z.number().int().min(1).max(1_000_000).optional()
    .meta({ description: 'Requests a day this token may make, within the account\'s own API limits; omit for the account\'s limits alone.' }),
});
export type CreateToken = z.infer<typeof createTokenSchema>;

/** One token as its owner sees it later: never the token, never where it was used from. */
export const namedTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(tokenScopeSchema),
  createdAt: z.string().meta({ format: 'date-time' }),
  expiresAt: z.string().meta({ format: 'date-time' }).nullable(),
  lastUsedAt: z.string().meta({ format: 'date-time' }).nullable(),
  dailyLimit: z.number().int().nullable(),
});
export type NamedToken = z.infer<typeof namedTokenSchema>;

/** POST /api/auth/tokens → data: the token, shown this once, and what the list will show of it. */
export const issuedNamedTokenSchema = namedTokenSchema.extend({
  token: z.string().meta({ description: 'The full API token. Shown this once; store it now.' }),
});

export const tokenParamsSchema = z.object({ id: z.string().regex(/^tok_[A-Za-z0-9_-]{1,64}$/) });

