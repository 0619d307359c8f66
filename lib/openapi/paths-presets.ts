import { operation, type Paths } from './operation';

const PRESET_EXAMPLE = {
  id: 'pre_Q2hhbmdlIG1lIQ', name: 'Audio MP3 320k', quality: 'best', format: 'mp3', audioBitrate: '320k', subs: null,
  embedMetadata: true, exact: false, loudness: 'off', isDefault: false, createdAt: '2026-11-25T10:00:00.000Z', updatedAt: '2026-11-25T10:00:00.000Z',
};
const ID = [{ name: 'id', description: 'The preset’s id (pre_…)' }];

/**
 * Named download presets: what `preset=<name>` on POST /api/media/download and POST /api/bulk refers to. A user who
 * never had any is given a starter set, named in their interface language, on their first read.
 */
export function presetPaths(): Paths {
  return {
    '/api/presets': {
      get: operation({
        operationId: 'listPresets', summary: 'Your download presets (a first read gives you the starter set)', tags: ['Presets'], auth: 'session',
        data: 'PresetList', errors: [403],
        description: 'The starter set (best video, 1080p MP4, 720p, MP3 320k, M4A) is given once, named in the language of `locale` '
          + '(en, ar, ar-EG, fr; else the NEXT_LOCALE cookie, else Accept-Language); deleting the starters never brings them back. '
          + 'An API token needs the `download` scope.',
        query: [{ name: 'locale', description: 'The interface language that names a first-time user’s starter presets', schema: { type: 'string', maxLength: 16 } }],
        responseExample: [PRESET_EXAMPLE],
      }),
      post: operation({
        operationId: 'createPreset', summary: 'A new preset; options left out come from your download settings', tags: ['Presets'], auth: 'session',
        body: 'PresetCreateRequest', data: 'Preset', status: 201, errors: [400, 403, 409],
        description: 'Names are unique per account regardless of case (409 `preset_name_taken`); at most 50 presets (409 `preset_limit`). '
          + '`isDefault: true` makes it the preset the result card and bulk start on.',
        requestExample: { name: 'Podcasts', format: 'mp3', audioBitrate: '128k' },
        responseExample: { ...PRESET_EXAMPLE, name: 'Podcasts', audioBitrate: '128k' },
      }),
    },
    '/api/presets/{id}': {
      patch: operation({
        operationId: 'updatePreset', summary: 'Rename a preset, change its options, make it (or stop it being) the default', tags: ['Presets'],
        auth: 'session', body: 'PresetPatchRequest', data: 'Preset', errors: [400, 403, 404, 409], pathParams: ID,
        requestExample: { name: 'MP3 for the car', isDefault: true },
        responseExample: { ...PRESET_EXAMPLE, name: 'MP3 for the car', isDefault: true },
      }),
      delete: operation({
        operationId: 'deletePreset', summary: 'Delete a preset (a deleted starter does not come back)', tags: ['Presets'], auth: 'session',
        data: null, errors: [403, 404], pathParams: ID,
      }),
    },
  };
}
