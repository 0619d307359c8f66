import 'server-only';
import { toAppError } from '@/lib/errors';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import { checkedOffer, type ReadyFile, type ResolvedOffer } from '@/lib/media/deliver';
import type { DownloadJobRequest, DownloadStatus } from './download-job-schemas';
import { CANCELLED_MESSAGE, INTERRUPTED_MESSAGE } from './job-rows';
import { recogniseUrl } from '@/lib/media/platforms';
import { pickOffer } from './pick-offer';
import type { JobContext, JobKind } from './runner';

/** A download job's state: the `jobs` row (type 'download'), its result holding the link and the error code. */
export interface DownloadState {
  status: DownloadStatus;
  progress: number;
  message: string;
  downloadUrl?: string;
  code?: string;
  /** A kept download's file and row live until then (ms since the epoch) instead of the temp TTL. */
  keepUntil?: number;
  /** A kept download's file in the store, served by the job's own link (the analysis is long gone by then). */
  keptFile?: KeptFile;
}

/** What serving a kept file needs without its analysis: the store's key, and the name the file is saved under. */
export interface KeptFile {
  key: string;
  title: string;
  ext: string;
}

/** What the job needs to run anywhere: the request (its link canonical), who asked, and when. */
export interface DownloadPayload {
  request: DownloadJobRequest;
  owner: string | null;
  startedAt: number;
  /** Keep the file (and the job) until then rather than for the temp TTL: a followed creator's background download. */
  keepUntil?: number;
}

/**
 * How a job or item ended, never with its link, title or a caller's address: the site's public figures, the
 * failures by code, the admin's usage (by platform, bytes) and storage (the file by the job's owner).
 */
export interface JobEnded {
  /** A download job, or one item of a bulk batch. */
  kind: 'download' | 'bulk';
  ok: boolean;
  /** From the request to the end, queueing included. */
  durationMs: number;
  /** The stable error code of a failed one. */
  code?: string;
  /** The platform the link belongs to (a label). */
  platform?: string;
  /** The size of the file it made. */
  bytes?: number;
  /** The job, and the signed-in user who asked it (null: an anonymous caller). */
  job?: { id: string; owner: string | null };
}

export interface DownloadJobOutcome {
  owner: string;
  /** What was asked: the canonical link (history keeps only its platform and media reference), quality, format. */
  request: { url: string; quality: string; format: string };
  status: 'ready' | 'failed';
  /** Present once the analysis succeeded. */
  offer?: ResolvedOffer;
  file?: ReadyFile;
  message?: string;
}

export interface DownloadKindDeps {
  /** `owner`: whose own platform cookies the composition root may add. */
  analyze: (url: string, owner: string | null) => Promise<AnalyzedMedia>;
  prepare: (offer: ResolvedOffer, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<ReadyFile>;
  concurrency?: number;
  /** How long a ready job (and its file) lives. */
  ttlMs: () => number;
  /** Keeps a prepared file until `until` (a payload's `keepUntil`); false when the file is already gone. */
  keep?: (key: string, until: number) => Promise<boolean>;
  now?: () => number;
  /** A signed-in user's job has ended (history, notification); never allowed to change the job's outcome. */
  onFinished?: (outcome: DownloadJobOutcome) => Promise<void>;
  /** Any job has ended, whoever started it (the site's figures); never allowed to change the job's outcome. */
  onEnded?: (outcome: JobEnded) => Promise<void>;
  /**
   * A kept download's format is known, with its expected size (the sum of its sources' sizes, when the source
   * gives them): a reservation against its owner's storage may be set to it. Never changes the outcome.
   */
  onSized?: (sized: { owner: string; url: string; bytes: number }) => Promise<void>;
  /** A file was prepared for the job's owner (its bytes count against the owner's day); never changes the outcome. */
  onPrepared?: (prepared: { owner: string; bytes: number; file: { mediaId: string; itag: string } }) => Promise<void>;
}

/** The link's platform as a label ('generic' for any other site or a link that no longer parses). */
export function platformOf(url: string): string {
  try {
    return recogniseUrl(url).platform;
  } catch {
    return 'generic';
  }
}

/** Progress bands: analysis is quick and shown as a step; fetching and converting fill the rest. */
const ANALYZED = 10;

/** The file's link: the same offer, tracks, cut and tags, so it serves the very file this job prepared. */
function downloadUrlOf(offer: ResolvedOffer, request: DownloadJobRequest): string {
  const query = new URLSearchParams({ itag: offer.plan.itag, ext: offer.plan.ext });
  if (request.lang) query.set('lang', request.lang);
  if (request.subs) query.set('subs', request.subs);
  const { trim, embedMetadata } = offer.delivery;
  if (trim) {
    query.set('start', String(trim.start));
    query.set('end', String(trim.end));
    if (trim.exact) query.set('exact', '1');
  }
  if (!embedMetadata) query.set('embedMetadata', 'false');
  return `/api/download/${encodeURIComponent(offer.media.info.id)}?${query}`;
}

function failedState(error: unknown, progress: number): DownloadState {
  const appError = toAppError(error);
  if (appError.code === 'internal') console.error('[download-jobs] failed', error);
  const message = appError.code === 'internal' ? 'Download failed' : appError.message;
  return { status: 'failed', progress, message, code: appError.code };
}

/**
 * The download kind (POST /api/media/download): analyse (the analysis cache answers repeats), pick the offer,
 * prepare its file into the shared preparations — so the download link then serves it at once — with progress
 * from real bytes fetched and ffmpeg's clock.
 */
export function downloadKind(deps: DownloadKindDeps): JobKind<DownloadPayload, DownloadState> {
  const now = deps.now ?? Date.now;
  const finished = async (outcome: Omit<DownloadJobOutcome, 'owner' | 'request'>, payload: DownloadPayload, id: string, code?: string) => {
    const { request, owner, startedAt } = payload;
    await deps.onEnded?.({
      kind: 'download', ok: outcome.status === 'ready', durationMs: now() - startedAt, code,
      platform: outcome.offer?.media.info.platform ?? platformOf(request.url), bytes: outcome.file?.size, job: { id, owner },
    })
      .catch((error) => console.error('[download-jobs] onEnded failed', error));
    if (!owner || !deps.onFinished) return;
    await deps.onFinished({ ...outcome, owner, request: { url: request.url, quality: request.quality, format: request.format } })
      .catch((error) => console.error('[download-jobs] onFinished failed', error));
  };

  const run = async (context: JobContext<DownloadState>, payload: DownloadPayload) => {
    const { request } = payload;
    let progress = 0;
    let offer: ResolvedOffer | undefined;
    try {
      await context.save({ status: 'analyzing', progress: (progress = 5), message: 'Analyzing media...' });
      const media = await deps.analyze(request.url, payload.owner);
      context.signal.throwIfAborted();
      const { start, end, exact, embedMetadata } = request;
      offer = checkedOffer(media.info.id, pickOffer(media, request.quality, request.format, request).itag, {
        start, end, exact, embedMetadata,
        ...(request.lang ? { languages: request.lang } : {}),
        ...(request.subs ? { subs: request.subs } : {}),
      });
      // A progressive source is the plan's video and audio at once: each source counted once.
      const sources = new Set([offer.plan.video, offer.plan.audio, offer.plan.image]);
      const expected = [...sources].reduce((sum, source) => sum + (source?.filesize ?? 0), 0);
      if (payload.keepUntil && payload.owner && expected > 0) {
        await deps.onSized?.({ owner: payload.owner, url: request.url, bytes: expected }).catch((error) => console.error('[download-jobs] onSized failed', error));
      }
      await context.save({ status: 'processing', progress: (progress = ANALYZED), message: 'Processing...' });
      const file = await deps.prepare(offer, (fraction) => {
        progress = Math.max(progress, Math.min(99, ANALYZED + Math.floor(fraction * (99 - ANALYZED))));
        context.progress({ status: 'processing', progress, message: 'Processing...' });
      }, context.signal);
      await deps.onPrepared?.({ owner: context.owner, bytes: file.size, file: { mediaId: offer.media.info.id, itag: offer.plan.itag } }).catch((error) => console.error('[download-jobs] onPrepared failed', error));
      const keepUntil = payload.keepUntil && deps.keep && (await deps.keep(file.key, payload.keepUntil)) ? payload.keepUntil : undefined;
      // A kept file outlives its analysis: its link names the job, which names the file.
      const kept = keepUntil ? { keepUntil, keptFile: { key: file.key, title: offer.title, ext: offer.plan.ext } } : {};
      const downloadUrl = keepUntil ? `/api/media/progress/${encodeURIComponent(context.id)}/file` : downloadUrlOf(offer, request);
      await context.save({ status: 'ready', progress: 100, message: 'Download ready', downloadUrl, ...kept });
      await finished({ status: 'ready', offer, file }, payload, context.id);
    } catch (error) {
      if (context.signal.aborted) return;
      const state = failedState(error, progress);
      await context.save(state);
      await finished({ status: 'failed', offer, message: state.message }, payload, context.id, state.code);
    }
  };

  return {
    type: 'download',
    concurrency: deps.concurrency ?? 4,
    active: ['queued', 'analyzing', 'processing'],
    ended: ['ready', 'failed'],
    interrupted: { status: 'failed', progress: 0, message: INTERRUPTED_MESSAGE, code: 'unavailable' },
    cancelled: { status: 'failed', progress: 0, message: CANCELLED_MESSAGE, code: 'cancelled' },
    encode: (state, at) => ({
      status: state.status, progress: state.progress, message: state.message,
      result: state.downloadUrl || state.code ? { downloadUrl: state.downloadUrl, code: state.code, keepUntil: state.keepUntil, keptFile: state.keptFile } : null,
      // A ready job lives as long as its prepared file: the temp TTL, or longer for a kept one.
      expiresAt: state.status === 'ready' ? Math.max(at + deps.ttlMs(), state.keepUntil ?? 0) : undefined,
    }),
    decode(row) {
      const result = (row.result ?? {}) as { downloadUrl?: string; code?: string; keepUntil?: number; keptFile?: KeptFile };
      const state: DownloadState = { status: row.status as DownloadStatus, progress: row.progress, message: row.message ?? '' };
      if (result.downloadUrl) state.downloadUrl = result.downloadUrl;
      if (result.code) state.code = result.code;
      if (result.keepUntil) state.keepUntil = result.keepUntil;
      if (result.keptFile) state.keptFile = result.keptFile;
      return state;
    },
    run,
  };
}
