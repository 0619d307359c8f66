/**
 * Schema v2: the site's public figures and the creator pages' last good readings. Same portable rules as v1.
 */
export const SCHEMA_V2_SITE_STATS: readonly string[] = [
  // One row per finished download (a download job or a bulk item), whoever asked: no owner, address or URL.
  `CREATE TABLE stat_downloads (
    id TEXT PRIMARY KEY,
    ended_at BIGINT NOT NULL,
    ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
    duration_ms BIGINT NOT NULL
  )`,
  `CREATE INDEX stat_downloads_ended ON stat_downloads (ended_at)`,

  // The day's random salt. Deleted once its day has passed, so a visitor hash can never be recomputed from an
  // address afterwards nor linked to the same visitor on another day.
  `CREATE TABLE stat_salts (
    day TEXT PRIMARY KEY,
    salt TEXT NOT NULL
  )`,

  // Distinct clients active on a day: HMAC(day's salt, user id or address), never the address itself.
  `CREATE TABLE stat_visitors (
    day TEXT NOT NULL,
    visitor TEXT NOT NULL,
    PRIMARY KEY (day, visitor)
  )`,
];

export const SCHEMA_V3_CREATOR_READINGS: readonly string[] = [
  // The last good reading of a creator's channel (JSON), shown with its age when the channel cannot be read now.
  `CREATE TABLE creator_readings (
    slug TEXT PRIMARY KEY,
    reading TEXT NOT NULL,
    read_at BIGINT NOT NULL
  )`,
];
