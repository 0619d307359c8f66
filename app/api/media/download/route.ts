import { route } from '@/lib/auth/route';
import { getDb } from '@/lib/db';
import { admitOwner } from '@/lib/limits/owner';
import { downloadJobRequestSchema } from '@/lib/downloads/download-job-schemas';
import { userLanguages } from '@/lib/media/offers';
import { withPreset } from '@/lib/presets/apply';
import { downloadRequestOf } from '@/lib/presets/resolve';
import { services } from '@/lib/server';
import { embedsMetadata } from '@/lib/settings/download-defaults';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/media/download {url, quality, format, lang?, subs?} → {downloadId}; poll /api/media/progress/{downloadId}.
 * The web page adds the exact format it showed ({itag, item}), which then wins over quality and format;
 * `start`/`end` (`exact`) cut the file, and `embedMetadata` (default: the caller's setting, else true) leaves the tags out.
 * `preset` names one of the caller's presets: its options apply under the ones sent.
 */
export const POST = route({ auth: 'api', scope: 'download', quota: { kind: 'api' }, body: withPreset(downloadJobRequestSchema) }, async ({ req, body: sent, caller }) => {
  const body = await downloadRequestOf(sent, caller.accountId, req.headers);
  // Whose turn the job takes, at most how many of theirs run at once; refused once their bytes for today are used up.
  const turn = await admitOwner(await getDb(), caller);
  const embedMetadata = await embedsMetadata(body.embedMetadata, caller.accountId ?? undefined);
  // The user's first language picks the audio track when the page does not say (the engine never sees the account).
  const lang = body.lang ?? userLanguages(req.headers.get('accept-language'))[0];
  const downloadId = await services().downloads.start({ ...body, embedMetadata, ...(lang ? { lang } : {}) }, { accountId: caller.accountId, turn });
  void services().events.emit('client.active', { subject: caller.activeSubject });
  return { downloadId };
});

/** A browser's preflight for a cross-origin call with a Bearer token. */
export { preflight as OPTIONS } from '@/lib/http/cors';
