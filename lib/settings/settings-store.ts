import 'server-only';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import { DEFAULT_PREFERENCES, preferencesSchema, type Preferences, type SettingsPatch } from './schemas';

interface Row {
  default_quality: string;
  default_format: string;
  auto_download: number;
  history_retention: number;
  embed_metadata: number;
  loudness: string;
}

/**
 * A stored row back to preferences. A value no longer among the options (an older release's, a hand edit) reads
 * as its default, so the settings page never shows a choice it cannot select.
 */
function fromRow(row: Row): Preferences {
  const parsed = preferencesSchema.safeParse({
    defaultQuality: row.default_quality,
    defaultFormat: row.default_format,
    autoDownload: Number(row.auto_download) === 1,
    historyRetention: Number(row.history_retention),
    embedMetadata: Number(row.embed_metadata) !== 0,
    loudness: row.loudness,
  });
  if (parsed.success) return parsed.data;
  const shape = preferencesSchema.shape;
  return {
    defaultQuality: shape.defaultQuality.catch(DEFAULT_PREFERENCES.defaultQuality).parse(row.default_quality),
    defaultFormat: shape.defaultFormat.catch(DEFAULT_PREFERENCES.defaultFormat).parse(row.default_format),
    autoDownload: Number(row.auto_download) === 1,
    historyRetention: shape.historyRetention.catch(DEFAULT_PREFERENCES.historyRetention).parse(Number(row.history_retention)),
    embedMetadata: Number(row.embed_metadata) !== 0,
    loudness: shape.loudness.catch(DEFAULT_PREFERENCES.loudness).parse(row.loudness),
  };
}

/** The preferences the user saved; undefined when they never changed one (there is no row). */
export async function readSavedPreferences(db: Db, userId: string): Promise<Preferences | undefined> {
  const row = await db.get<Row>(
    'SELECT default_quality, default_format, auto_download, history_retention, embed_metadata, loudness FROM user_settings WHERE user_id = ?',
    [userId],
  );
  return row && fromRow(row);
}

/** The user's preferences; a user who never changed one gets the defaults. */
export async function readPreferences(db: Db, userId: string): Promise<Preferences> {
  return (await readSavedPreferences(db, userId)) ?? { ...DEFAULT_PREFERENCES };
}

/** Applies a validated patch in one upsert, so two quick changes (quality, then format) never undo each other. */
export async function updatePreferences(db: Db, userId: string, patch: SettingsPatch): Promise<Preferences> {
  const next = { ...DEFAULT_PREFERENCES, ...patch };
  const columns: Array<[keyof SettingsPatch, string]> = [
    ['defaultQuality', 'default_quality'],
    ['defaultFormat', 'default_format'],
    ['autoDownload', 'auto_download'],
    ['historyRetention', 'history_retention'],
    ['embedMetadata', 'embed_metadata'],
    ['loudness', 'loudness'],
  ];
  const changed = columns.filter(([key]) => patch[key] !== undefined);
  const updates = changed.map(([, column]) => `${column} = excluded.${column}`).concat('updated_at = excluded.updated_at');
  await db.run(
    `INSERT INTO user_settings (user_id, default_quality, default_format, auto_download, history_retention, embed_metadata, loudness, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET ${updates.join(', ')}`,
    [userId, next.defaultQuality, next.defaultFormat, next.autoDownload, next.historyRetention, next.embedMetadata, next.loudness, now()],
  );
  return readPreferences(db, userId);
}
