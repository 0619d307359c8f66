import { AppError } from '@/lib/errors';
import { admitOwner } from '@/lib/limits/owner';
import { bulkRequestSchema } from '@/lib/bulk/schemas';
import { withPreset } from '@/lib/presets/apply';
import { bulkRequestOf } from '@/lib/presets/resolve';
import { route, services } from '@/lib/server';
import { deliveryDefaults } from '@/lib/settings/download-defaults';
import { sponsorListsOf } from '@/lib/settings/sponsorblock';
import { backgroundStartAt } from '@/lib/windows/start-at';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/bulk {urls, quality, format, loudness?, later?} → {batchId, statusUrl, zipUrl}; the items then run in the background.
 * Only the owner reads the batch: a signed-in user by their session, an anonymous caller through the returned
 * links, which carry the batch's key. Charged per URL, not per call: every URL is an analysis and a download of
 * its own, so a per-call charge would make a 50-link batch cost what one link costs and turn /api/bulk into the
 * way around the analyze limit. `preset` names one of the caller's presets: its quality and format apply unless sent.
 */
export const POST = route(
  { auth: 'optional', scope: 'bulk', serves: true, body: withPreset(bulkRequestSchema), quota: { kind: 'analyze', links: (sent) => sent.request.urls.length } },
  async ({ req, body: sent, caller }) => {
    const body = await bulkRequestOf(services().db, sent, caller.accountId, req.headers);
    const client = await admitOwner(await services().db(), caller);
    // Every item's sound is normalised as the batch asks, else as the caller's setting says.
    const { loudness } = await deliveryDefaults(services().db, { embedMetadata: true, loudness: body.loudness }, caller.accountId ?? undefined);
    // "Later": the items start only inside the caller's and the server's download windows.
    if (body.later && !caller.accountId) throw new AppError('sign_in_required', 'Sign in to schedule a batch for your download window');
    const later = body.later ? { startAt: await backgroundStartAt(await services().db(), caller.accountId!, Date.now()) } : undefined;
    // SponsorBlock's lists: the batch's, else the caller's setting.
    const sponsor = await sponsorListsOf(await services().db(), body, caller.accountId);
    const started = await services().bulk.start({ ...body, loudness, ...sponsor }, caller.accountId, client, later);
    void services().events.emit('client.active', { subject: caller.activeSubject });
    return started;
  },
);
