import 'server-only';
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { readPreferences } from '@/lib/settings/settings-store';
import {
  deletePreset, findPresetByName, getPreset, insertPresets, listPresets, markStartersGiven, setDefaultPreset, writePreset,
} from './preset-store';
import { presetOptionsSchema, type Preset, type PresetCreate, type PresetOptions, type PresetPatch } from './schemas';
import { starterDrafts } from './starters';

/**
 * A user's presets. Every way in first gives a user who never had presets the starter set, named in the
 * interface language of that request — once: the record of it outlives the starters themselves.
 */
export async function ensureStarters(db: Db, userId: string, locale: string): Promise<void> {
  const drafts = await starterDrafts(locale);
  await db.transaction(async (tx) => {
    if (await markStartersGiven(tx, userId)) await insertPresets(tx, userId, drafts);
  });
}

export async function presetsOf(db: Db, userId: string, locale: string): Promise<Preset[]> {
  await ensureStarters(db, userId, locale);
  return listPresets(db, userId);
}

const notFound = () => new AppError('not_found', 'No such preset');

async function owned(db: Db, userId: string, id: string): Promise<Preset> {
  const preset = await getPreset(db, userId, id);
  if (!preset) throw notFound();
  return preset;
}

/** A new preset's options: what the request gives, the rest from the user's download settings. */
async function fromSettings(db: Db, userId: string): Promise<PresetOptions> {
  const preferences = await readPreferences(db, userId);
  return {
    quality: preferences.defaultQuality,
    format: preferences.defaultFormat,
    audioBitrate: '320k',
    subs: null,
    embedMetadata: preferences.embedMetadata,
    exact: false,
    loudness: preferences.loudness,
  };
}

const optionsOf = (source: Partial<PresetOptions>): Partial<PresetOptions> =>
  Object.fromEntries(
    (['quality', 'format', 'audioBitrate', 'subs', 'embedMetadata', 'exact', 'loudness', 'saveToLibrary', 'libraryTemplate', 'split', 'sponsorMark', 'sponsorRemove'] as const)
      .filter((key) => source[key] !== undefined)
      .map((key) => [key, source[key]]),
  );

export async function createPreset(db: Db, userId: string, body: PresetCreate, locale: string): Promise<Preset> {
  await ensureStarters(db, userId, locale);
  const options = { ...(await fromSettings(db, userId)), ...optionsOf(body) };
  const [id] = await db.transaction(async (tx) => {
    const ids = await insertPresets(tx, userId, [{ name: body.name, options }]);
    if (body.isDefault) await setDefaultPreset(tx, userId, ids[0]);
    return ids;
  });
  return owned(db, userId, id);
}

export async function updatePreset(db: Db, userId: string, id: string, patch: PresetPatch): Promise<Preset> {
  const current = await owned(db, userId, id);
  const options = { ...presetOptionsSchema.parse(current), ...optionsOf(patch) };
  await db.transaction(async (tx) => {
    if (!(await writePreset(tx, userId, id, { name: patch.name ?? current.name, options }))) throw notFound();
    if (patch.isDefault === true) await setDefaultPreset(tx, userId, id);
    if (patch.isDefault === false && current.isDefault) await setDefaultPreset(tx, userId, null);
  });
  return owned(db, userId, id);
}

export async function removePreset(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deletePreset(db, userId, id))) throw notFound();
}

/** The caller's preset of this name, for `preset=` on the download and bulk requests. */
export async function presetNamed(db: Db, userId: string | null, name: string, locale: string): Promise<Preset> {
  if (!userId) throw new AppError('preset_unknown', 'Presets belong to an account: sign in or send an API token', { name });
  await ensureStarters(db, userId, locale);
  const preset = await findPresetByName(db, userId, name);
  if (!preset) throw new AppError('preset_unknown', `You have no preset named "${name.trim()}"`, { name });
  return preset;
}
