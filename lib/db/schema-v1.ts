/**
 * Schema v1, portable to SQLite and PostgreSQL: TEXT ids (lib/db/ids.ts), BIGINT epoch-ms times, INTEGER 0/1
 * flags, JSON as TEXT. Rows owned by a user go when the user goes (ON DELETE CASCADE). Column names avoid
 * words PostgreSQL reserves (a rate window is `period`, not `window`).
 */
export const SCHEMA_V1: readonly string[] = [
  // Emails are stored lower-cased so UNIQUE means "one account per address" whatever the user typed.
  `CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE CHECK (email = lower(email)),
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
  )`,

  // Rotating refresh tokens: each use replaces the token (replaced_by); reusing an old one revokes its family.
  `CREATE TABLE refresh_tokens (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    family_id TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT,
    replaced_by TEXT,
    created_at BIGINT NOT NULL
  )`,
  `CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id)`,
  `CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id)`,
  `CREATE INDEX refresh_tokens_expires ON refresh_tokens (expires_at)`,

  // The token itself is shown once; we keep its hash and its first characters to recognise it in the UI.
  `CREATE TABLE api_tokens (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    prefix TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    revoked_at BIGINT,
    last_used_at BIGINT
  )`,
  `CREATE INDEX api_tokens_user ON api_tokens (user_id)`,

  `CREATE TABLE user_settings (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    default_quality TEXT NOT NULL DEFAULT '1080p',
    default_format TEXT NOT NULL DEFAULT 'mp4',
    auto_download INTEGER NOT NULL DEFAULT 0 CHECK (auto_download IN (0, 1)),
    history_retention INTEGER NOT NULL DEFAULT 30,
    updated_at BIGINT NOT NULL
  )`,

  // One row per (subject, fixed window): key 'token:<id>' or 'ip:<hash>', period 'day:2026-11-22' or
  // 'month:2026-11'. Incremented with INSERT … ON CONFLICT DO UPDATE; expired rows are purged.
  `CREATE TABLE rate_counters (
    key TEXT NOT NULL,
    period TEXT NOT NULL,
    count INTEGER NOT NULL DEFAULT 0,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (key, period)
  )`,
  `CREATE INDEX rate_counters_expires ON rate_counters (expires_at)`,

  // Privacy: media_ref is '<platform>:<media id>', never the source URL.
  `CREATE TABLE history (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    thumbnail TEXT,
    platform TEXT NOT NULL,
    media_ref TEXT,
    quality TEXT NOT NULL,
    format TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('completed', 'failed')),
    file_size BIGINT,
    downloaded_at BIGINT NOT NULL
  )`,
  `CREATE INDEX history_user_downloaded ON history (user_id, downloaded_at)`,
  `CREATE INDEX history_downloaded ON history (downloaded_at)`,

  // owner: a user id, or the hash of an anonymous caller's IP; NULL for system work.
  `CREATE TABLE batches (
    id TEXT PRIMARY KEY,
    owner TEXT,
    quality TEXT NOT NULL,
    format TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
  )`,
  `CREATE INDEX batches_expires ON batches (expires_at)`,

  // Job state lives here so any node can answer /api/status and a restart can mark in-flight work.
  // payload and result are JSON text; position orders a batch's items as the user listed them.
  `CREATE TABLE jobs (
    id TEXT PRIMARY KEY,
    type TEXT NOT NULL CHECK (type IN ('analysis', 'download', 'bulk-item')),
    status TEXT NOT NULL,
    progress INTEGER NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    message TEXT,
    payload TEXT,
    result TEXT,
    owner TEXT,
    batch_id TEXT REFERENCES batches(id) ON DELETE CASCADE,
    position INTEGER,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
  )`,
  `CREATE INDEX jobs_batch ON jobs (batch_id, position)`,
  `CREATE INDEX jobs_expires ON jobs (expires_at)`,
  `CREATE INDEX jobs_status ON jobs (status)`,

  `CREATE TABLE notifications (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT,
    read_at BIGINT,
    created_at BIGINT NOT NULL
  )`,
  `CREATE INDEX notifications_user_created ON notifications (user_id, created_at)`,

  // Login throttling: one row per key ('email:<addr>' or 'ip:<hash>'), reset when its window has passed.
  `CREATE TABLE login_attempts (
    key TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    count INTEGER NOT NULL DEFAULT 0
  )`,
  `CREATE INDEX login_attempts_window ON login_attempts (window_start)`,
];
