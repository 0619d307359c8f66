/**
 * Followed creators and the uploads each follow has seen. Same portable rules as v1. A follow is due when
 * `next_check_at` has passed; `jitter_ms` is its own fixed offset inside the check period, drawn once, so a
 * thousand follows made in one minute are still checked spread over the period. An upload row exists once a
 * check has seen it: a check finding only known uploads writes nothing.
 */
export const SCHEMA_FOLLOWS: readonly string[] = [
  `CREATE TABLE follows (
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
  )`,
  `CREATE INDEX follows_due ON follows (paused, next_check_at)`,
  `CREATE TABLE follow_uploads (
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
  )`,
  `CREATE INDEX follow_uploads_state ON follow_uploads (follow_id, state, seen_at)`,
];
