import 'server-only';
import type { Db } from './driver';
import { SCHEMA_V1 } from './schema-v1';
import { SCHEMA_ROLES_INVITES, SCHEMA_TOKEN_SCOPES } from './schema-accounts';
import { SCHEMA_PRESETS } from './schema-presets';
import { SCHEMA_ADMIN } from './schema-admin';
import { SCHEMA_FOLLOWS } from './schema-follows';
import { SCHEMA_V2_SITE_STATS, SCHEMA_V3_CREATOR_READINGS } from './schema-v2';
import { SCHEMA_WEBHOOKS } from './schema-webhooks';
import { SCHEMA_FEEDS_WINDOWS } from './schema-feeds-windows';
import { SCHEMA_LIBRARY } from './schema-library';
import { now } from './time';

/** One schema change. Never edit a released one: append a new migration. Statements run one by one. */
export interface Migration {
  id: string;
  statements: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  { id: '0001_schema_v1', statements: SCHEMA_V1 },
  { id: '0002_site_stats', statements: SCHEMA_V2_SITE_STATS },
  { id: '0003_creator_readings', statements: SCHEMA_V3_CREATOR_READINGS },
  // Each platform's last canary analysis (lib/media/ytdlp/canaries.ts).
  {
    id: '0004_platform_canaries',
    statements: [
      `CREATE TABLE platform_canaries (
        platform TEXT PRIMARY KEY,
        ok INTEGER NOT NULL,
        checked_at BIGINT NOT NULL,
        code TEXT,
        failing_since BIGINT,
        engine TEXT NOT NULL
      )`,
    ],
  },
  // Ad events (lib/ads/telemetry.ts): a count per UTC day, placement and event type — no address, URL or user agent.
  {
    id: '0005_ad_events',
    statements: [
      `CREATE TABLE ad_event_counts (
        day TEXT NOT NULL,
        placement TEXT NOT NULL,
        type TEXT NOT NULL,
        count BIGINT NOT NULL,
        PRIMARY KEY (day, placement, type)
      )`,
    ],
  },
  // Whether prepared files carry the media's title, uploader, date, platform and cover (lib/settings).
  {
    id: '0006_embed_metadata',
    statements: [
      'ALTER TABLE user_settings ADD COLUMN embed_metadata INTEGER NOT NULL DEFAULT 1 CHECK (embed_metadata IN (0, 1))',
    ],
  },
  // Roles (admin, member, disabled), the linked OpenID Connect identity, invites (lib/auth/roles.ts, invites.ts).
  { id: '0007_roles_invites', statements: SCHEMA_ROLES_INVITES },
  // Named API tokens with scopes, expiry and their own daily limit (lib/auth/api-tokens.ts).
  { id: '0008_token_scopes', statements: SCHEMA_TOKEN_SCOPES },
  // A per-user keyed hash of the media each history row is about, so "already downloaded" finds it without a link
  // (lib/history/media-key.ts); rows written before it have none and never match.
  {
    id: '0009_history_media_key',
    statements: [
      'ALTER TABLE history ADD COLUMN media_key TEXT',
      'CREATE INDEX history_user_media_key ON history (user_id, media_key, downloaded_at)',
    ],
  },
  // Followed creators, their filters and schedule, and the uploads each follow has seen (lib/follows).
  { id: '0010_follows', statements: SCHEMA_FOLLOWS },
  // Each user's webhooks and the last deliveries of each (lib/webhooks): the secret is kept encrypted.
  { id: '0011_webhooks', statements: SCHEMA_WEBHOOKS },
  // Each user's own cookies per platform, sealed with AES-256-GCM (lib/user-cookies); gone with the account.
  // Never the cookies in the clear: ciphertext, nonce and tag (base64 text, the same on SQLite and PostgreSQL), and
  // what the settings show of them (when added, how many, the first expiry).
  {
    id: '0012_user_cookies',
    statements: [
      `CREATE TABLE user_cookies (
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        platform TEXT NOT NULL CHECK (platform IN ('youtube', 'tiktok', 'instagram', 'facebook', 'twitter')),
        ciphertext TEXT NOT NULL,
        iv TEXT NOT NULL,
        tag TEXT NOT NULL,
        added_at BIGINT NOT NULL,
        cookie_count INTEGER NOT NULL,
        earliest_expiry BIGINT,
        PRIMARY KEY (user_id, platform)
      )`,
    ],
  },
  // The admin console: usage per hour, the audit log, prepared files by owner (lib/admin).
  { id: '0013_admin', statements: SCHEMA_ADMIN },
  // Per-user limits an admin set (NULL: the instance default) and the bytes each owner's prepared files took per UTC
  // day when there is no Redis (lib/limits). Byte counts are BIGINT: rate_counters' INTEGER is 32-bit on PostgreSQL.
  {
    id: '0014_user_limits',
    statements: [
      `CREATE TABLE user_limits (
        user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        concurrent_jobs INTEGER,
        daily_bytes BIGINT,
        updated_at BIGINT NOT NULL
      )`,
      `CREATE TABLE byte_counters (
        key TEXT NOT NULL,
        period TEXT NOT NULL,
        count BIGINT NOT NULL DEFAULT 0,
        expires_at BIGINT NOT NULL,
        PRIMARY KEY (key, period)
      )`,
      'CREATE INDEX byte_counters_expires ON byte_counters (expires_at)',
    ],
  },
  // Named download presets per user and whether the starter set was given (lib/presets).
  { id: '0015_presets', statements: SCHEMA_PRESETS },
  // Analyses, downloads and bulk items share one status vocabulary: rows an earlier version wrote take its words.
  { id: '0016_one_job_status', statements: [
    "UPDATE jobs SET status = 'failed' WHERE type = 'analysis' AND status = 'error'",
    "UPDATE jobs SET status = CASE status WHEN 'pending' THEN 'queued' ELSE 'ready' END WHERE type = 'bulk-item' AND status IN ('pending', 'completed')",
  ] },
  // Chapters and SponsorBlock: each user's SponsorBlock choice (categories marked as chapters, categories cut out;
  // no row: the default), and a preset's and a batch's split by chapters ('off', 'copy', 'exact') and SponsorBlock
  // lists (comma lists; NULL: the user's own choice).
  { id: '0017_chapters_sponsorblock', statements: [
    `CREATE TABLE user_sponsorblock (
      user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      mark TEXT NOT NULL,
      remove TEXT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    "ALTER TABLE presets ADD COLUMN split TEXT NOT NULL DEFAULT 'off'",
    'ALTER TABLE presets ADD COLUMN sponsor_mark TEXT',
    'ALTER TABLE presets ADD COLUMN sponsor_remove TEXT',
    "ALTER TABLE batches ADD COLUMN split TEXT NOT NULL DEFAULT 'off'",
    'ALTER TABLE batches ADD COLUMN sponsor_mark TEXT',
    'ALTER TABLE batches ADD COLUMN sponsor_remove TEXT',
  ] },
  // The loudness a user's downloads are normalised to by default, a preset's and a batch's ('off': as the source has it).
  { id: '0018_loudness', statements: [
    "ALTER TABLE user_settings ADD COLUMN loudness TEXT NOT NULL DEFAULT 'off'",
    "ALTER TABLE presets ADD COLUMN loudness TEXT NOT NULL DEFAULT 'off'",
    "ALTER TABLE batches ADD COLUMN loudness TEXT NOT NULL DEFAULT 'off'",
  ] },
  // The library: files written to LIBRARY_DIR, each user's naming template and layout, and each follow's own
  // template, layout and keep policy (lib/library).
  { id: '0019_library', statements: SCHEMA_LIBRARY },
  // Private podcast feeds of follows (a hashed token each, audio or video), the chapters read from each downloaded
  // upload's file, and each user's download window (lib/podcast, lib/windows).
  { id: '0020_feeds_windows', statements: SCHEMA_FEEDS_WINDOWS },
  // Why a follow's last check could not read the creator's uploads (an error code; null once one succeeds).
  { id: '0021_follow_check_error', statements: ['ALTER TABLE follows ADD COLUMN last_check_error TEXT'] },
];

// 'grab' in ASCII: the first half of the advisory lock key, the current schema's hash the second, so
// migrations of different schemas in one database (the tests' isolated schemas) do not wait for each other.
const PG_LOCK_CLASS = 0x67726162;

/**
 * Applies the migrations not yet recorded, all in one transaction, and returns their ids. Safe to run from
 * several processes at once: PostgreSQL serialises on an advisory lock; on SQLite the transaction takes the
 * write lock at BEGIN and the others wait (busy_timeout), then find nothing left to do.
 */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (tx.kind === 'postgres') {
      await tx.get('SELECT pg_advisory_xact_lock(?, hashtext(current_schema()))', [PG_LOCK_CLASS]);
    }
    await tx.run('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)');
    const rows = await tx.query<{ id: string }>('SELECT id FROM schema_migrations');
    const done = new Set(rows.map((row) => row.id));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      for (const statement of migration.statements) await tx.run(statement);
      await tx.run('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)', [migration.id, now()]);
      applied.push(migration.id);
    }
    return applied;
  });
}
