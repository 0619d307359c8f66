import { route, services } from '@/lib/server';
import { readSponsorChoice, saveSponsorChoice } from '@/lib/settings/sponsorblock';
import { sponsorSettingsSchema } from '@/lib/settings/sponsorblock-schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/settings/sponsorblock → {mark, remove}: the caller's SponsorBlock categories (the default when never saved). */
export const GET = route({ auth: 'user' }, async ({ user }) => readSponsorChoice(await services().db(), user.id));

/** PUT /api/settings/sponsorblock {mark, remove} → the same, as saved (a category in both lists is removed). */
export const PUT = route({ auth: 'user', body: sponsorSettingsSchema }, async ({ user, body }) =>
  saveSponsorChoice(await services().db(), user.id, body));
