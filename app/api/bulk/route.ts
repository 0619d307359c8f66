import { route } from '@/lib/auth/route';
import { getDb } from '@/lib/db';
import { admitOwner } from '@/lib/limits/owner';
import { bulkRequestSchema } from '@/lib/bulk/schemas';
import { withPreset } from '@/lib/presets/apply';
import { bulkRequestOf } from '@/lib/presets/resolve';
import { services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/bulk {urls, quality, format} → {batchId, statusUrl, zipUrl}; the items then run in the background.
 * Only the owner reads the batch: a signed-in user by their session, an anonymous caller through the returned
 * links, which carry the batch's key. Charged per URL, not per call: every URL is an analysis and a download of
 * its own, so a per-call charge would make a 50-link batch cost what one link costs and turn /api/bulk into the
 * way around the analyze limit. `preset` names one of the caller's presets: its quality and format apply unless sent.
 */
export const POST = route(
  { auth: 'optional', scope: 'bulk', serves: true, body: withPreset(bulkRequestSchema), quota: { kind: 'analyze', links: (sent) => sent.request.urls.length } },
  async ({ req, body: sent, caller }) => {
    const body = await bulkRequestOf(sent, caller.accountId, req.headers);
    const client = await admitOwner(await getDb(), caller);
    const started = await services().bulk.start(body, caller.accountId, client);
    void services().events.emit('client.active', { subject: caller.activeSubject });
    return started;
  },
);
