/**
 * Roles, external sign-ins and invites. Same portable rules as v1. Columns are added with defaults, so every
 * existing account becomes a `member` and keeps working.
 */
export const SCHEMA_ROLES_INVITES: readonly string[] = [
  `ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member', 'disabled'))`,
  // The OpenID Connect identity an account is linked to: '<issuer> <sub>', the only stable key a provider gives.
  `ALTER TABLE users ADD COLUMN oidc_subject TEXT`,
  `CREATE UNIQUE INDEX users_oidc_subject ON users (oidc_subject)`,

  // Single-use, expiring invitations. Only the token's hash is kept; the link is shown once, to the admin who made it.
  `CREATE TABLE invites (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT,
    used_by TEXT REFERENCES users(id) ON DELETE SET NULL
  )`,
  `CREATE INDEX invites_expires ON invites (expires_at)`,
];

/**
 * Named API tokens with scopes, an optional expiry and a daily limit of their own. The single token of the settings
 * page is `kind = 'settings'`; it and every token that existed before keep all scopes and no expiry.
 */
export const SCHEMA_TOKEN_SCOPES: readonly string[] = [
  `ALTER TABLE api_tokens ADD COLUMN kind TEXT NOT NULL DEFAULT 'settings' CHECK (kind IN ('settings', 'named'))`,
  `ALTER TABLE api_tokens ADD COLUMN name TEXT NOT NULL DEFAULT 'API token'`,
  // Space-separated: analyze, download, bulk, history:read (lib/auth/token-scopes.ts).
  `ALTER TABLE api_tokens ADD COLUMN scopes TEXT NOT NULL DEFAULT 'analyze download bulk history:read'`,
  `ALTER TABLE api_tokens ADD COLUMN expires_at BIGINT`,
  `ALTER TABLE api_tokens ADD COLUMN daily_limit INTEGER`,
];
