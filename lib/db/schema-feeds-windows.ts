/**
 * Private podcast feeds and download windows. Same portable rules as v1 (TEXT, BIGINT ms, INTEGER 0/1).
 * `podcast_feeds`: one row per follow whose owner set its feed up; `token_hash` is the SHA-256 of the feed's secret
 * (NULL: revoked, the feed answers 404), `media` what its episodes are. `follow_uploads.chapters`: the chapters
 * read from the downloaded file as JSON (`[]`: none; NULL: not read yet). `download_windows`: when a user's
 * background work may run, as window text in their time zone. `batches.scheduled_for`: a batch marked "later"
 * waits until then for its download window (NULL: it started at once).
 */
export const SCHEMA_FEEDS_WINDOWS: readonly string[] = [
  `CREATE TABLE podcast_feeds (
    follow_id TEXT PRIMARY KEY REFERENCES follows(id) ON DELETE CASCADE,
    token_hash TEXT UNIQUE,
    media TEXT NOT NULL DEFAULT 'video' CHECK (media IN ('audio', 'video')),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  )`,
  'ALTER TABLE follow_uploads ADD COLUMN chapters TEXT',
  `CREATE TABLE download_windows (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    spec TEXT NOT NULL,
    time_zone TEXT NOT NULL,
    updated_at BIGINT NOT NULL
  )`,
  'ALTER TABLE batches ADD COLUMN scheduled_for BIGINT',
];
