/**
 * Webhooks (lib/webhooks): a user's endpoints, the events each one wants and how its body is shaped; the signing
 * secret is stored encrypted (AES-256-GCM under a key derived from the server's secret) because every delivery
 * needs it to sign. A delivery is one row, rewritten at each attempt; the body it sends is kept until the row is
 * trimmed (the last 20 per webhook), so every attempt sends the same bytes. Responses are never stored.
 */
export const SCHEMA_WEBHOOKS: readonly string[] = [
  `CREATE TABLE webhooks (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    events TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('json', 'ntfy', 'discord')),
    secret_box TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    created_at BIGINT NOT NULL
  )`,
  'CREATE INDEX webhooks_user ON webhooks (user_id, created_at)',
  `CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY,
    webhook_id TEXT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
    event TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'retrying', 'delivered', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    http_status INTEGER,
    error_code TEXT,
    duration_ms INTEGER,
    created_at BIGINT NOT NULL,
    attempted_at BIGINT
  )`,
  'CREATE INDEX webhook_deliveries_hook ON webhook_deliveries (webhook_id, created_at)',
];
