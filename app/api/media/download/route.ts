import { admitOwner } from '@/lib/limits/owner';
import { downloadJobRequestSchema } from '@/lib/downloads/download-job-schemas';
import { userLanguages } from '@/lib/media/offers';
import { withPreset } from '@/lib/presets/apply';
import { downloadRequestOf } from '@/lib/presets/resolve';
import { route, services } from '@/lib/server';
import { deliveryDefaults } from '@/lib/settings/download-defaults';
import { sponsorListsOf } from '@/lib/settings/sponsorblock';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/media/download {url, quality, format, lang?, subs?} → {downloadId}; poll /api/media/progress/{downloadId}.
 * The web page adds the exact format it showed ({itag, item}), which then wins over quality and format;
 * `start`/`end` (`exact`) cut the file, `embedMetadata` (default: the caller's setting, else true) leaves the tags out,
 * and `loudness` (default: the caller's setting, else off) normalises the sound; `split` makes one file per chapter
 * (a ZIP) and `sponsorMark`/`sponsorRemove` (default: the caller's setting) choose SponsorBlock's categories.
 * `preset` names one of the caller's presets: its options apply under the ones sent.
 */
export const POST = route({ auth: 'api', scope: 'download', quota: { kind: 'api' }, body: withPreset(downloadJobRequestSchema) }, async ({ req, body: sent, caller }) => {
  const body = await downloadRequestOf(services().db, sent, caller.accountId, req.headers);
  // Whose turn the job takes, at most how many of theirs run at once; refused once their bytes for today are used up.
  const turn = await admitOwner(await services().db(), caller);
  const { embedMetadata, loudness } = await deliveryDefaults(services().db, body, caller.accountId ?? undefined);
  // The user's first language picks the audio track when the page does not say (the engine never sees the account).
  const lang = body.lang ?? userLanguages(req.headers.get('accept-language'))[0];
  const sponsor = await sponsorListsOf(await services().db(), body, caller.accountId);
  const downloadId = await services().downloads.start({ ...body, embedMetadata, loudness, ...sponsor, ...(lang ? { lang } : {}) }, { accountId: caller.accountId, turn });
  void services().events.emit('client.active', { subject: caller.activeSubject });
  return { downloadId };
});

/** A browser's preflight for a cross-origin call with a Bearer token. */
export { preflight as OPTIONS } from '@/lib/http/cors';
