import 'server-only';
import type { DownloadJobOutcome } from '@/lib/downloads/download-kind';
import type { DeliveryEvent } from './schemas';

/**
 * The body of a `json` delivery, and what the ntfy and Discord shapes are written from: the event, the delivery's
 * id, when the event happened, and the event's data for this user only — never their id, a secret or anyone
 * else's data.
 */
export interface Envelope {
  event: DeliveryEvent;
  id: string;
  time: string;
  data: Record<string, unknown>;
}

export interface FollowUploads {
  followId: string;
  creator: string;
  platform: string;
  uploads: { mediaId: string; title: string; url: string; publishedAt?: number; durationSeconds?: number }[];
}

/** `download.finished`: what was asked and what came of it; the file itself stays behind the user's sign-in. */
export function downloadData(outcome: DownloadJobOutcome): Record<string, unknown> {
  const offer = outcome.offer;
  return {
    status: outcome.status,
    url: outcome.request.url,
    quality: outcome.request.quality,
    format: outcome.request.format,
    title: offer?.title ?? null,
    platform: offer?.media.info.platform ?? null,
    durationSeconds: offer?.duration ?? null,
    fileSize: outcome.file?.size ?? null,
    error: outcome.status === 'failed' ? (outcome.message ?? null) : null,
  };
}

/** `batch.finished`: the batch's id (GET /api/bulk/{id}) and how many of its files are ready. */
export function batchData(batch: { batchId: string; ready: number; total: number }): Record<string, unknown> {
  return { batchId: batch.batchId, ready: batch.ready, total: batch.total };
}

/** A time given in seconds or milliseconds since the epoch: below 10^11 it can only be seconds (before 1973 in ms). */
const epochMs = (value: number) => (value < 1e11 ? value * 1000 : value);

/** `follow.new`: the creator and their new uploads. */
export function followData(follow: FollowUploads): Record<string, unknown> {
  return {
    followId: follow.followId,
    creator: follow.creator,
    platform: follow.platform,
    uploads: follow.uploads.map((upload) => ({
      mediaId: upload.mediaId, title: upload.title, url: upload.url,
      publishedAt: upload.publishedAt === undefined ? null : new Date(epochMs(upload.publishedAt)).toISOString(),
      durationSeconds: upload.durationSeconds ?? null,
    })),
  };
}

export const TEST_DATA = { message: 'A test delivery from Grabline: your endpoint is reachable and can check the signature.' };

export function envelope(event: DeliveryEvent, id: string, time: number, data: Record<string, unknown>): Envelope {
  return { event, id, time: new Date(time).toISOString(), data };
}
