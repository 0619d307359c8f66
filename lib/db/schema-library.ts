/**
 * The library (LIBRARY_DIR). Same portable rules as v1 (TEXT, BIGINT ms, INTEGER). `library_entries`: one row per
 * media file written to the library, its path relative to LIBRARY_DIR (unique: one file, one row), its follow
 * (NULL: a download the user chose to save, or a follow since removed). `library_settings`: each user's naming
 * template and layout. `follows` gains its own template and layout (NULL: the user's) and its keep policy
 * (`keep_kind` all, last or days; `keep_value` the count or the days). A preset may ask for a copy in the library and
 * name it by its own template.
 */
export const SCHEMA_LIBRARY: readonly string[] = [
  `CREATE TABLE library_entries (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    follow_id TEXT REFERENCES follows(id) ON DELETE SET NULL,
    media_id TEXT NOT NULL,
    platform TEXT NOT NULL,
    rel_path TEXT NOT NULL UNIQUE,
    size BIGINT NOT NULL,
    mime TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    published_at BIGINT,
    duration_s INTEGER,
    thumb_rel_path TEXT,
    season INTEGER,
    episode INTEGER,
    created_at BIGINT NOT NULL
  )`,
  'CREATE INDEX library_entries_follow ON library_entries (follow_id, published_at)',
  'CREATE INDEX library_entries_user ON library_entries (user_id, created_at)',
  `CREATE TABLE library_settings (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    template TEXT NOT NULL,
    layout TEXT NOT NULL CHECK (layout IN ('plain', 'media-server')),
    updated_at BIGINT NOT NULL
  )`,
  'ALTER TABLE follows ADD COLUMN library_template TEXT',
  "ALTER TABLE follows ADD COLUMN library_layout TEXT CHECK (library_layout IN ('plain', 'media-server'))",
  "ALTER TABLE follows ADD COLUMN keep_kind TEXT NOT NULL DEFAULT 'all' CHECK (keep_kind IN ('all', 'last', 'days'))",
  'ALTER TABLE follows ADD COLUMN keep_value INTEGER',
  'ALTER TABLE presets ADD COLUMN save_to_library INTEGER NOT NULL DEFAULT 0 CHECK (save_to_library IN (0, 1))',
  'ALTER TABLE presets ADD COLUMN library_template TEXT',
];
