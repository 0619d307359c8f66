import 'server-only';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { now } from '@/lib/db/time';
import { AppError, isAppError } from '@/lib/errors';
import { chapterOptionsOf, writeChapterOptions, type ChapterColumns } from './chapter-options';
import { MAX_PRESETS, presetOptionsSchema, type Preset, type PresetOptions } from './schemas';

interface Row {
  id: string;
  name: string;
  quality: string;
  format: string;
  audio_bitrate: string;
  subs: string | null;
  embed_metadata: number;
  exact: number;
  loudness: string;
  save_to_library: number;
  library_template: string | null;
  created_at: number;
  updated_at: number;
  is_default: number;
}

type StoredRow = Row & ChapterColumns;

/** What a starter or a new preset is made of before it has an id. */
export interface PresetDraft {
  name: string;
  options: PresetOptions;
}

/** Names are unique per user whatever their case or surrounding spaces. */
export const nameKey = (name: string) => name.trim().toLocaleLowerCase('en');

const COLUMNS = `p.id, p.name, p.quality, p.format, p.audio_bitrate, p.subs, p.embed_metadata, p.exact, p.loudness, p.save_to_library, p.library_template, p.split, p.sponsor_mark, p.sponsor_remove, p.created_at, p.updated_at,
  CASE WHEN o.default_preset_id = p.id THEN 1 ELSE 0 END AS is_default`;
const FROM = 'FROM presets p LEFT JOIN preset_owners o ON o.user_id = p.user_id';

/** A row back to a preset; an option no longer valid (an older release's, a hand edit) makes the row unreadable. */
function fromRow(row: StoredRow): Preset | undefined {
  const options = presetOptionsSchema.safeParse({
    quality: row.quality,
    format: row.format,
    audioBitrate: row.audio_bitrate,
    subs: row.subs,
    embedMetadata: Number(row.embed_metadata) === 1,
    exact: Number(row.exact) === 1,
    loudness: row.loudness,
    saveToLibrary: Number(row.save_to_library) === 1,
    libraryTemplate: row.library_template,
    ...chapterOptionsOf(row),
  });
  if (!options.success) return undefined;
  return {
    id: row.id,
    name: row.name,
    ...options.data,
    isDefault: Number(row.is_default) === 1,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
  };
}

/** The user's presets in the order they were made (the starters first). */
export async function listPresets(db: Db, userId: string): Promise<Preset[]> {
  const rows = await db.query<StoredRow>(`SELECT ${COLUMNS} ${FROM} WHERE p.user_id = ? ORDER BY p.position, p.created_at`, [userId]);
  return rows.map(fromRow).filter((preset): preset is Preset => preset !== undefined);
}

export async function getPreset(db: Db, userId: string, id: string): Promise<Preset | undefined> {
  const row = await db.get<StoredRow>(`SELECT ${COLUMNS} ${FROM} WHERE p.user_id = ? AND p.id = ?`, [userId, id]);
  return row && fromRow(row);
}

/** The user's preset of this name, case and surrounding spaces ignored. */
export async function findPresetByName(db: Db, userId: string, name: string): Promise<Preset | undefined> {
  const row = await db.get<StoredRow>(`SELECT ${COLUMNS} ${FROM} WHERE p.user_id = ? AND p.name_key = ?`, [userId, nameKey(name)]);
  return row && fromRow(row);
}

const nameTaken = (name: string) => new AppError('preset_name_taken', `You already have a preset named "${name}"`);

/** A duplicate name is the one constraint a caller can hit; it is told as such. */
async function guardName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isAppError(error) && error.code === 'conflict') throw nameTaken(name);
    throw error;
  }
}

/** Inserts drafts after the user's last preset; refuses past MAX_PRESETS. Returns the new ids. */
export async function insertPresets(db: Db, userId: string, drafts: PresetDraft[]): Promise<string[]> {
  const { count, last } = (await db.get<{ count: number; last: number | null }>(
    'SELECT COUNT(*) AS count, MAX(position) AS last FROM presets WHERE user_id = ?',
    [userId],
  )) ?? { count: 0, last: null };
  if (Number(count) + drafts.length > MAX_PRESETS) {
    throw new AppError('preset_limit', `You can keep at most ${MAX_PRESETS} presets`, { limit: MAX_PRESETS });
  }
  const at = now();
  const ids: string[] = [];
  let position = last === null ? 0 : Number(last) + 1;
  for (const { name, options } of drafts) {
    const id = newId('pre');
    await guardName(name, () => db.run(
      `INSERT INTO presets (id, user_id, name, name_key, quality, format, audio_bitrate, subs, embed_metadata, exact, loudness, save_to_library, library_template, position, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, userId, name.trim(), nameKey(name), options.quality, options.format, options.audioBitrate, options.subs, options.embedMetadata, options.exact, options.loudness,
        options.saveToLibrary ?? false, options.libraryTemplate ?? null, position, at, at],
    ));
    await writeChapterOptions(db, id, options);
    ids.push(id);
    position += 1;
  }
  return ids;
}

/** Rewrites a preset's name and options; false when the user has no such preset. */
export async function writePreset(db: Db, userId: string, id: string, draft: PresetDraft): Promise<boolean> {
  const { name, options } = draft;
  const { changes } = await guardName(name, () => db.run(
    `UPDATE presets SET name = ?, name_key = ?, quality = ?, format = ?, audio_bitrate = ?, subs = ?, embed_metadata = ?, exact = ?, loudness = ?, save_to_library = ?, library_template = ?, updated_at = ?
     WHERE id = ? AND user_id = ?`,
    [name.trim(), nameKey(name), options.quality, options.format, options.audioBitrate, options.subs, options.embedMetadata, options.exact, options.loudness,
      options.saveToLibrary ?? false, options.libraryTemplate ?? null, now(), id, userId],
  ));
  if (changes > 0) await writeChapterOptions(db, id, options);
  return changes > 0;
}

export async function deletePreset(db: Db, userId: string, id: string): Promise<boolean> {
  const { changes } = await db.run('DELETE FROM presets WHERE id = ? AND user_id = ?', [id, userId]);
  return changes > 0;
}

/**
 * Records that the user was given the starter set; true for the one call that recorded it (the caller then adds
 * the starters in the same transaction), false when it was given before — even if every starter was deleted since.
 */
export async function markStartersGiven(db: Db, userId: string): Promise<boolean> {
  const { changes } = await db.run(
    'INSERT INTO preset_owners (user_id, starters_given_at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING',
    [userId, now()],
  );
  return changes > 0;
}

/** Makes one of the user's presets their default, or none (null). */
export async function setDefaultPreset(db: Db, userId: string, id: string | null): Promise<void> {
  await db.run(
    `INSERT INTO preset_owners (user_id, starters_given_at, default_preset_id) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET default_preset_id = excluded.default_preset_id`,
    [userId, now(), id],
  );
}
