-- The store of the release at c573af3 (2026-11-28), written by its own code
-- (test/upgrade/make-release-store.mjs). JWT_SECRET sealed the webhook secret: see UPGRADE_JWT_SECRET there.
-- webhook whk_0xKYjaXjRNYys6yKQSnzBQ: secret whsec_06l24Do2lcJYPW7UJEGZoOcn535tOkZywwDQMts7HpM
CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at BIGINT NOT NULL);
INSERT INTO "schema_migrations" ("id", "applied_at") VALUES ('0001_schema_v1', 1795869636904);
INSERT INTO "schema_migrations" ("id", "applied_at") VALUES ('0002_site_stats', 1795869636905);
INSERT INTO "schema_migrations" ("id", "applied_at") VALUES ('0003_creator_readings', 1795869636905);
INSERT INTO "schema_migrations" ("id", "applied_at") VALUES ('0004_platform_canaries', 1795869636905);
INSERT INTO "schema_migrations" ("id", "applied_at") VALUES ('0005_ad_events', 1795869636905);
INSERT INTO "schema_migrations" ("id", "applied_at") VALUES ('0006_embed_metadata', 1795869636905);
INSERT INTO "schema_migrations" ("id", "applied_at") VALUES ('0007_roles_invites', 1795869636905);
INSERT INTO "schema_migrations" ("id", "applied_at") VALUES ('0008_token_scopes', 1795869636910);
INSERT INTO "schema_migrations" ("id", "applied_at") VALUES ('0009_history_media_key', 1795869636911);
INSERT INTO "schema_migrations" ("id", "applied_at") VALUES ('0010_follows', 1795869636911);
INSERT INTO "schema_migrations" ("id", "applied_at") VALUES ('0011_webhooks', 1795869636911);
INSERT INTO "schema_migrations" ("id", "applied_at") VALUES ('0012_user_cookies', 1795869636911);
INSERT INTO "schema_migrations" ("id", "applied_at") VALUES ('0013_admin', 1795869636911);
INSERT INTO "schema_migrations" ("id", "applied_at") VALUES ('0014_user_limits', 1795869636911);
INSERT INTO "schema_migrations" ("id", "applied_at") VALUES ('0015_presets', 1795869636911);
CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE CHECK (email = lower(email)),
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
  , role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member', 'disabled')), oidc_subject TEXT);
INSERT INTO "users" ("id", "email", "password_hash", "created_at", "role", "oidc_subject") VALUES ('usr_Xi43Oe4lCCDIXiBdtsz9mg', 'admin@upgrade.example', 'scrypt$32768$8$1$thEOpp6-AcmZkhE90_S66A$59qx4zeg1RjVDIODPNK2k3w-7kN0MGh2I0dO9oPsEcU', 1795869637005, 'admin', NULL);
INSERT INTO "users" ("id", "email", "password_hash", "created_at", "role", "oidc_subject") VALUES ('usr_AlJo2ZDrCbsJ43-iUUxtOg', 'member@upgrade.example', 'scrypt$32768$8$1$m_G07vpVX9WPvqSXUmMgdg$ZfMOn7QL-7PqaK3ctS8z6BsjbsMo-YyhdNbzS5PTtFk', 1795869637095, 'member', NULL);
CREATE TABLE refresh_tokens (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    family_id TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT,
    replaced_by TEXT,
    created_at BIGINT NOT NULL
  );
CREATE TABLE api_tokens (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    prefix TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    revoked_at BIGINT,
    last_used_at BIGINT
  , kind TEXT NOT NULL DEFAULT 'settings' CHECK (kind IN ('settings', 'named')), name TEXT NOT NULL DEFAULT 'API token', scopes TEXT NOT NULL DEFAULT 'analyze download bulk history:read', expires_at BIGINT, daily_limit INTEGER);
CREATE TABLE user_settings (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    default_quality TEXT NOT NULL DEFAULT '1080p',
    default_format TEXT NOT NULL DEFAULT 'mp4',
    auto_download INTEGER NOT NULL DEFAULT 0 CHECK (auto_download IN (0, 1)),
    history_retention INTEGER NOT NULL DEFAULT 30,
    updated_at BIGINT NOT NULL
  , embed_metadata INTEGER NOT NULL DEFAULT 1 CHECK (embed_metadata IN (0, 1)));
CREATE TABLE rate_counters (
    key TEXT NOT NULL,
    period TEXT NOT NULL,
    count INTEGER NOT NULL DEFAULT 0,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (key, period)
  );
CREATE TABLE history (
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
  , media_key TEXT);
INSERT INTO "history" ("id", "user_id", "title", "thumbnail", "platform", "media_ref", "quality", "format", "status", "file_size", "downloaded_at", "media_key") VALUES ('his_1c-w5TQkTKNVJJPpYKP2lw', 'usr_AlJo2ZDrCbsJ43-iUUxtOg', 'Upgrade clip 1', NULL, 'youtube', NULL, '720p', 'mp4', 'completed', 1000000, 1793534460000, NULL);
INSERT INTO "history" ("id", "user_id", "title", "thumbnail", "platform", "media_ref", "quality", "format", "status", "file_size", "downloaded_at", "media_key") VALUES ('his_cgn6btbus_jNkcitUW_iyg', 'usr_AlJo2ZDrCbsJ43-iUUxtOg', 'Upgrade clip 2', NULL, 'tiktok', NULL, '720p', 'mp4', 'completed', 2000000, 1793534520000, NULL);
INSERT INTO "history" ("id", "user_id", "title", "thumbnail", "platform", "media_ref", "quality", "format", "status", "file_size", "downloaded_at", "media_key") VALUES ('his_n_FxNY0TKOwFwQzCpr06Pw', 'usr_AlJo2ZDrCbsJ43-iUUxtOg', 'Upgrade clip 3', NULL, 'generic', NULL, '720p', 'mp4', 'completed', 3000000, 1793534580000, NULL);
CREATE TABLE batches (
    id TEXT PRIMARY KEY,
    owner TEXT,
    quality TEXT NOT NULL,
    format TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
  );
CREATE TABLE jobs (
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
  );
CREATE TABLE notifications (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT,
    read_at BIGINT,
    created_at BIGINT NOT NULL
  );
CREATE TABLE login_attempts (
    key TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    count INTEGER NOT NULL DEFAULT 0
  );
CREATE TABLE stat_downloads (
    id TEXT PRIMARY KEY,
    ended_at BIGINT NOT NULL,
    ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
    duration_ms BIGINT NOT NULL
  );
CREATE TABLE stat_salts (
    day TEXT PRIMARY KEY,
    salt TEXT NOT NULL
  );
CREATE TABLE stat_visitors (
    day TEXT NOT NULL,
    visitor TEXT NOT NULL,
    PRIMARY KEY (day, visitor)
  );
CREATE TABLE creator_readings (
    slug TEXT PRIMARY KEY,
    reading TEXT NOT NULL,
    read_at BIGINT NOT NULL
  );
CREATE TABLE platform_canaries (
        platform TEXT PRIMARY KEY,
        ok INTEGER NOT NULL,
        checked_at BIGINT NOT NULL,
        code TEXT,
        failing_since BIGINT,
        engine TEXT NOT NULL
      );
CREATE TABLE ad_event_counts (
        day TEXT NOT NULL,
        placement TEXT NOT NULL,
        type TEXT NOT NULL,
        count BIGINT NOT NULL,
        PRIMARY KEY (day, placement, type)
      );
CREATE TABLE invites (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT,
    used_by TEXT REFERENCES users(id) ON DELETE SET NULL
  );
CREATE TABLE follows (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    platform TEXT NOT NULL,
    channel_url TEXT NOT NULL,
    feed_id TEXT,
    name TEXT NOT NULL,
    mode TEXT NOT NULL DEFAULT 'pick' CHECK (mode IN ('pick', 'auto')),
    title_contains TEXT,
    title_excludes TEXT,
    min_seconds INTEGER,
    max_seconds INTEGER,
    skip_shorts INTEGER NOT NULL DEFAULT 0 CHECK (skip_shorts IN (0, 1)),
    skip_lives INTEGER NOT NULL DEFAULT 0 CHECK (skip_lives IN (0, 1)),
    skip_members INTEGER NOT NULL DEFAULT 0 CHECK (skip_members IN (0, 1)),
    paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
    primed INTEGER NOT NULL DEFAULT 0 CHECK (primed IN (0, 1)),
    jitter_ms BIGINT NOT NULL,
    last_check_at BIGINT,
    next_check_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (user_id, channel_url)
  );
INSERT INTO "follows" ("id", "user_id", "platform", "channel_url", "feed_id", "name", "mode", "title_contains", "title_excludes", "min_seconds", "max_seconds", "skip_shorts", "skip_lives", "skip_members", "paused", "primed", "jitter_ms", "last_check_at", "next_check_at", "created_at") VALUES ('fol_srAeJGJqJS2CiJF5j2A7gQ', 'usr_AlJo2ZDrCbsJ43-iUUxtOg', 'youtube', 'https://www.youtube.com/channel/UCupgradeupgradeupgrade1', 'UCupgradeupgradeupgrade1', 'Upgrade Creator', 'pick', NULL, NULL, NULL, NULL, 0, 0, 0, 0, 0, 2980731, NULL, 1793534400000, 1793534400000);
CREATE TABLE follow_uploads (
    follow_id TEXT NOT NULL REFERENCES follows(id) ON DELETE CASCADE,
    media_id TEXT NOT NULL,
    title TEXT NOT NULL,
    url TEXT NOT NULL,
    published_at BIGINT,
    duration_s INTEGER,
    state TEXT NOT NULL CHECK (state IN ('new', 'dismissed', 'downloading', 'downloaded', 'skipped')),
    reason TEXT,
    download_id TEXT,
    bytes BIGINT,
    seen_at BIGINT NOT NULL,
    PRIMARY KEY (follow_id, media_id)
  );
CREATE TABLE webhooks (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    events TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('json', 'ntfy', 'discord')),
    secret_box TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    created_at BIGINT NOT NULL
  );
INSERT INTO "webhooks" ("id", "user_id", "url", "events", "format", "secret_box", "enabled", "created_at") VALUES ('whk_0xKYjaXjRNYys6yKQSnzBQ', 'usr_AlJo2ZDrCbsJ43-iUUxtOg', 'https://hooks.upgrade.example/grabline', 'download.finished,follow.new', 'json', 'v1.zxit8dGZYtyP8SYr.ct77KmxQgDyqTqimQjFUTQ.ywabw96rh5taMm75CVnG4bPyIpOZ41Ha9QVOCgDHKsLTBlQ__S8yjDt9E6KPQZyfqw', 1, 1795869637098);
CREATE TABLE webhook_deliveries (
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
  );
CREATE TABLE user_cookies (
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        platform TEXT NOT NULL CHECK (platform IN ('youtube', 'tiktok', 'instagram', 'facebook', 'twitter')),
        ciphertext TEXT NOT NULL,
        iv TEXT NOT NULL,
        tag TEXT NOT NULL,
        added_at BIGINT NOT NULL,
        cookie_count INTEGER NOT NULL,
        earliest_expiry BIGINT,
        PRIMARY KEY (user_id, platform)
      );
CREATE TABLE usage_hours (
    hour BIGINT NOT NULL,
    platform TEXT NOT NULL,
    code TEXT NOT NULL,
    count BIGINT NOT NULL,
    bytes BIGINT NOT NULL,
    PRIMARY KEY (hour, platform, code)
  );
CREATE TABLE admin_audit (
    id TEXT PRIMARY KEY,
    at BIGINT NOT NULL,
    actor_id TEXT,
    actor_email TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT,
    target_label TEXT,
    detail TEXT
  );
CREATE TABLE temp_files (
    job_id TEXT PRIMARY KEY,
    user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
    bytes BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
  );
CREATE TABLE user_limits (
        user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        concurrent_jobs INTEGER,
        daily_bytes BIGINT,
        updated_at BIGINT NOT NULL
      );
CREATE TABLE byte_counters (
        key TEXT NOT NULL,
        period TEXT NOT NULL,
        count BIGINT NOT NULL DEFAULT 0,
        expires_at BIGINT NOT NULL,
        PRIMARY KEY (key, period)
      );
CREATE TABLE presets (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    quality TEXT NOT NULL,
    format TEXT NOT NULL,
    audio_bitrate TEXT NOT NULL,
    subs TEXT,
    embed_metadata INTEGER NOT NULL CHECK (embed_metadata IN (0, 1)),
    exact INTEGER NOT NULL CHECK (exact IN (0, 1)),
    position INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  );
CREATE TABLE preset_owners (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    starters_given_at BIGINT NOT NULL,
    default_preset_id TEXT REFERENCES presets(id) ON DELETE SET NULL
  );
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);
CREATE INDEX refresh_tokens_expires ON refresh_tokens (expires_at);
CREATE INDEX api_tokens_user ON api_tokens (user_id);
CREATE INDEX rate_counters_expires ON rate_counters (expires_at);
CREATE INDEX history_user_downloaded ON history (user_id, downloaded_at);
CREATE INDEX history_downloaded ON history (downloaded_at);
CREATE INDEX batches_expires ON batches (expires_at);
CREATE INDEX jobs_batch ON jobs (batch_id, position);
CREATE INDEX jobs_expires ON jobs (expires_at);
CREATE INDEX jobs_status ON jobs (status);
CREATE INDEX notifications_user_created ON notifications (user_id, created_at);
CREATE INDEX login_attempts_window ON login_attempts (window_start);
CREATE INDEX stat_downloads_ended ON stat_downloads (ended_at);
CREATE UNIQUE INDEX users_oidc_subject ON users (oidc_subject);
CREATE INDEX invites_expires ON invites (expires_at);
CREATE INDEX history_user_media_key ON history (user_id, media_key, downloaded_at);
CREATE INDEX follows_due ON follows (paused, next_check_at);
CREATE INDEX follow_uploads_state ON follow_uploads (follow_id, state, seen_at);
CREATE INDEX webhooks_user ON webhooks (user_id, created_at);
CREATE INDEX webhook_deliveries_hook ON webhook_deliveries (webhook_id, created_at);
CREATE INDEX admin_audit_at ON admin_audit (at);
CREATE INDEX temp_files_user ON temp_files (user_id);
CREATE INDEX temp_files_expires ON temp_files (expires_at);
CREATE INDEX byte_counters_expires ON byte_counters (expires_at);
CREATE UNIQUE INDEX presets_user_name ON presets (user_id, name_key);
