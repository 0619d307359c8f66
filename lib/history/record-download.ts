import 'server-only';
import type { Db } from '@/lib/db';
import { now } from '@/lib/db/time';
import type { JobEnd } from '@/lib/downloads/job-status';
import type { ResolvedOffer } from '@/lib/media/deliver';
import { recogniseUrl } from '@/lib/media/platforms';
import type { Format, MediaInfo } from '@/lib/media/types';
import { thumbnailSource } from '@/lib/thumbnails/signed-url';
import { hasRecent, insertHistory, type NewHistoryRow } from './history-store';
import { mediaKeyForUrl } from './media-key';
import { mediaRefFor } from './media-ref';

// One download can reach us twice — a download job, then the browser fetching its link — or a player can ask
// again; within this window the same media, quality, format and outcome is one entry.
const SAME_DOWNLOAD_MS = 10 * 60 * 1000;

/** Records a download unless the same one was just recorded; returns whether a row was added. */
export async function recordDownload(db: Db, row: Omit<NewHistoryRow, 'downloadedAt'>, at = now()): Promise<boolean> {
  if (await hasRecent(db, row.userId, row, at - SAME_DOWNLOAD_MS)) return false;
  await insertHistory(db, { ...row, downloadedAt: at });
  return true;
}

function formatOf(offer: ResolvedOffer): Format | undefined {
  const { info } = offer.media;
  return [...info.formats, ...(info.items ?? []).flatMap((item) => item.formats)].find((f) => f.itag === offer.plan.itag);
}

/** The media reference: the platform's id from the canonical link, which is then forgotten. */
function mediaRefOf(offer: ResolvedOffer): string | null {
  try {
    return mediaRefFor(recogniseUrl(offer.media.info.url));
  } catch {
    return null;
  }
}

/**
 * A history row for a link that failed before any offer was picked (it never analysed, or had no format to
 * offer): recorded as failed so the success rate counts it. Only the platform and its media reference are
 * kept from the link, as for any download; the title is unknown (empty: the page says "untitled" in the
 * visitor's language).
 */
export function rowForFailedLink(
  userId: string,
  url: string,
  choice: { quality: string; format: string },
  title?: string,
): Omit<NewHistoryRow, 'downloadedAt'> {
  let platform: NewHistoryRow['platform'] = 'generic';
  let mediaRef: string | null = null;
  try {
    const recognition = recogniseUrl(url);
    platform = recognition.platform;
    mediaRef = mediaRefFor(recognition);
  } catch {
    // Not a link we recognise: a generic entry with no reference.
  }
  const mediaKey = mediaKeyForUrl(userId, url);
  return { userId, title: title ?? '', thumbnail: null, platform, mediaRef, mediaKey, quality: choice.quality, format: choice.format, status: 'failed', fileSize: null };
}

/**
 * A history row for a whole post downloaded as one ZIP: the post's title and picture, `×n` items as its quality,
 * `zip` as its format, the archive's size. Like every row, without the link.
 */
export function rowForPostZip(userId: string, info: MediaInfo, items: number, bytes: number): Omit<NewHistoryRow, 'downloadedAt'> {
  let mediaRef: string | null = null;
  try {
    mediaRef = mediaRefFor(recogniseUrl(info.url));
  } catch {
    mediaRef = null;
  }
  return {
    userId,
    title: info.title || 'Untitled',
    thumbnail: thumbnailSource(info.thumbnail) || null,
    platform: info.platform,
    mediaRef,
    mediaKey: mediaKeyForUrl(userId, info.url),
    quality: `×${items}`,
    format: 'zip',
    status: 'completed',
    fileSize: bytes,
  };
}

/** A history row for an offer: what the card shows, without the link (privacy first); a ready one reads `completed`. */
export function rowForOffer(
  userId: string,
  offer: ResolvedOffer,
  status: JobEnd,
  fileSize?: number | null,
): Omit<NewHistoryRow, 'downloadedAt'> {
  const format = formatOf(offer);
  const size = fileSize ?? (format?.filesizeApprox ? undefined : format?.filesize);
  return {
    userId,
    title: offer.title || offer.media.info.title || 'Untitled',
    // The picture's own address, not our route's signed path: the path is minted afresh whenever it is shown.
    thumbnail: thumbnailSource(offer.media.info.thumbnail) || null,
    platform: offer.media.info.platform,
    mediaRef: mediaRefOf(offer),
    mediaKey: mediaKeyForUrl(userId, offer.media.info.url),
    quality: format?.quality ?? (offer.plan.height ? `${offer.plan.height}p` : offer.plan.ext),
    // A file split by its chapters is a ZIP of the pieces.
    format: offer.delivery.split ? 'zip' : offer.plan.ext,
    status: status === 'ready' ? 'completed' : 'failed',
    fileSize: size ?? null,
  };
}
