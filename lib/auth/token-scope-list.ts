// An API token's scopes, zod-free so the settings page's browser code can read them without the validator
// (lib/auth/token-scopes.ts builds the tokens' shapes on them).

/** What an API token may do: start analyses, downloads, bulk batches; read the owner's history. */
export const TOKEN_SCOPES = ['analyze', 'download', 'bulk', 'history:read'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const parseScopes = (stored: string): TokenScope[] =>
  stored.split(' ').filter((scope): scope is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(scope));
