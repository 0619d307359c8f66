import 'server-only';
import type { NextRequest } from 'next/server';
import { getUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { checkedOffer } from '@/lib/media/deliver';
import { recordDownload, rowForOffer } from './record-download';

/**
 * GET /api/download/{id} has started answering a file: a signed-in caller's download goes into their history.
 * A ranged request past the first byte is a player or a resumed download of a file already recorded. Never
 * throws: history is never a reason for a download to fail.
 */
export async function recordDelivery(
  req: NextRequest,
  mediaId: string,
  query: { itag: string; ext?: string; item?: string },
  res: Response,
): Promise<void> {
  try {
    if (!res.ok || !/^(bytes=0-.*)?$/.test(req.headers.get('range') ?? '')) return;
    const user = await getUser(req, { allowApiToken: true });
    if (!user) return;
    const offer = checkedOffer(mediaId, query.itag, query);
    const length = res.status === 200 ? Number(res.headers.get('content-length')) : NaN;
    await recordDownload(await getDb(), rowForOffer(user.id, offer, 'completed', Number.isFinite(length) && length > 0 ? length : null));
  } catch (error) {
    console.error('[history] could not record a delivery', error);
  }
}
