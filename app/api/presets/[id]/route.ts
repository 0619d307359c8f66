import { route, services } from '@/lib/server';
import { removePreset, updatePreset } from '@/lib/presets/presets';
import { presetParamsSchema, presetPatchSchema } from '@/lib/presets/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const spec = { auth: 'user' as const, params: presetParamsSchema, notFound: 'No such preset' };

/** PATCH /api/presets/{id} {name?, …options?, isDefault?} → the preset: rename, change, make or unmake the default. */
export const PATCH = route({ ...spec, body: presetPatchSchema }, async ({ user, params, body }) =>
  updatePreset(await services().db(), user.id, params.id, body),
);

/** DELETE /api/presets/{id} → null. A deleted starter never comes back. */
export const DELETE = route(spec, async ({ user, params }) => {
  await removePreset(await services().db(), user.id, params.id);
  return null;
});
