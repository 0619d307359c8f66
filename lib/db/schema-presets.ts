/**
 * Named download presets, per user (lib/presets). A name is unique per user regardless of case (`name_key` is the
 * trimmed, lower-cased name). Options are columns, checked again against the preset schema when read.
 * `preset_owners` has one row per user once the starter set was given, so deleting every preset never brings the
 * starters back, and it names the user's default preset (none: the settings' defaults apply).
 */
export const SCHEMA_PRESETS: readonly string[] = [
  `CREATE TABLE presets (
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
  )`,
  `CREATE UNIQUE INDEX presets_user_name ON presets (user_id, name_key)`,
  `CREATE TABLE preset_owners (
    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    starters_given_at BIGINT NOT NULL,
    default_preset_id TEXT REFERENCES presets(id) ON DELETE SET NULL
  )`,
];
