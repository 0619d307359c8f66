/**
 * The admin console's tables (lib/admin). Same portable rules as v1: TEXT ids, BIGINT epoch-ms times.
 */
export const SCHEMA_ADMIN: readonly string[] = [
  // Ended downloads and bulk items per UTC hour, platform and outcome (code '' = it worked): a count and the bytes of
  // the files made. No user, address, link or title.
  `CREATE TABLE usage_hours (
    hour BIGINT NOT NULL,
    platform TEXT NOT NULL,
    code TEXT NOT NULL,
    count BIGINT NOT NULL,
    bytes BIGINT NOT NULL,
    PRIMARY KEY (hour, platform, code)
  )`,

  // Every admin action: who (kept as an address too, so the entry outlives the account), what, whom, when, and a
  // short JSON detail (the new role, the limits). Purged after 90 days.
  `CREATE TABLE admin_audit (
    id TEXT PRIMARY KEY,
    at BIGINT NOT NULL,
    actor_id TEXT,
    actor_email TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT,
    target_label TEXT,
    detail TEXT
  )`,
  `CREATE INDEX admin_audit_at ON admin_audit (at)`,

  // The prepared file of each ended job while it lives in the file store, by the job's owner (NULL: anonymous), so
  // storage can be shown per user. Goes with the user; expired rows are purged.
  `CREATE TABLE temp_files (
    job_id TEXT PRIMARY KEY,
    user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
    bytes BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
  )`,
  `CREATE INDEX temp_files_user ON temp_files (user_id)`,
  `CREATE INDEX temp_files_expires ON temp_files (expires_at)`,
];
