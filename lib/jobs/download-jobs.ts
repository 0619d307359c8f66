import 'server-only';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { toAppError } from '@/lib/errors';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import { checkedOffer, type ReadyFile, type ResolvedOffer } from '@/lib/media/deliver';
import { recogniseUrl } from '@/lib/media/platforms';
import { assertTrimReadable } from '@/lib/media/trim/trim-range';
import type { DownloadJobRequest, DownloadProgress } from './download-job-schemas';
import {
  insertDownloadJob, interruptDownloadJobs, purgeExpiredDownloadJobs, readDownloadJob, saveDownloadState, type DownloadState,
} from './download-job-store';
import { createJobStoreAccess } from './job-store-access';
import { createLimiter, type LimiterLoad } from './limiter';
import { pickOffer } from './pick-offer';

export interface DownloadJobDeps {
  db: () => Promise<Db>;
  analyze: (url: string) => Promise<AnalyzedMedia>;
  prepare: (offer: ResolvedOffer, onProgress: (fraction: number) => void) => Promise<ReadyFile>;
  concurrency?: number;
  ttlMs: () => number;
  now?: () => number;
  /** A signed-in user's job has ended (history, notification); never allowed to change the job's outcome. */
  onFinished?: (outcome: DownloadJobOutcome) => Promise<void>;
  /** Any job has ended, whoever started it (the site's figures); never allowed to change the job's outcome. */
  onEnded?: (outcome: JobEnded) => Promise<void>;
}

/** How a job or item ended, with nothing about who asked or what: the site's public figures. */
export interface JobEnded {
  /** A download job, or one item of a bulk batch. */
  kind: 'download' | 'bulk';
  ok: boolean;
  /** From the request to the end, queueing included. */
  durationMs: number;
  /** The stable error code of a failed one. */
  code?: string;
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

export interface DownloadJobs {
  /** Validates the link (invalid_url throws here, no job is made) and returns the download id. */
  start(request: DownloadJobRequest, owner?: string | null): Promise<string>;
  get(id: string): Promise<DownloadProgress | undefined>;
  /** Download jobs this process is running and holding queued right now. */
  load(): LimiterLoad;
}

/** Progress bands: analysis is quick and shown as a step; fetching and converting fill the rest. */
const ANALYZED = 10;
const SAVE_EVERY_MS = 250;

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
 * Download jobs (POST /api/media/download): analyse (the analysis cache answers repeats), pick the offer,
 * prepare its file into the shared preparations — so the download link then serves it at once — with
 * progress from real bytes fetched and ffmpeg's clock. Every state is in the `jobs` table (type 'download').
 */
export function createDownloadJobs(deps: DownloadJobDeps): DownloadJobs {
  const now = deps.now ?? Date.now;
  const limit = createLimiter(Math.max(1, deps.concurrency ?? 4));
  const store = createJobStoreAccess({
    name: 'download-jobs', db: deps.db, now, recover: interruptDownloadJobs, purge: purgeExpiredDownloadJobs,
  });
  const save = async (id: string, state: DownloadState) => {
    try {
      await saveDownloadState(await store(), id, state, now(), state.status === 'ready' ? now() + deps.ttlMs() : undefined);
    } catch (error) {
      console.error('[download-jobs] could not save state', id, error);
    }
  };

  const finished = async (
    outcome: Omit<DownloadJobOutcome, 'owner' | 'request'>, request: DownloadJobRequest, owner: string | null, startedAt: number, code?: string,
  ) => {
    await deps.onEnded?.({ kind: 'download', ok: outcome.status === 'ready', durationMs: now() - startedAt, code })
      .catch((error) => console.error('[download-jobs] onEnded failed', error));
    if (!owner || !deps.onFinished) return;
    await deps.onFinished({ ...outcome, owner, request: { url: request.url, quality: request.quality, format: request.format } }).catch((error) => console.error('[download-jobs] onFinished failed', error));
  };

  const run = async (id: string, request: DownloadJobRequest, owner: string | null, startedAt: number) => {
    let progress = 0;
    let offer: ResolvedOffer | undefined;
    try {
      await save(id, { status: 'analyzing', progress: (progress = 5), message: 'Analyzing media...' });
      const media = await deps.analyze(request.url);
      const { start, end, exact, embedMetadata } = request;
      offer = checkedOffer(media.info.id, pickOffer(media, request.quality, request.format, request).itag, {
        start, end, exact, embedMetadata,
        ...(request.lang ? { languages: request.lang } : {}),
        ...(request.subs ? { subs: request.subs } : {}),
      });
      await save(id, { status: 'processing', progress: (progress = ANALYZED), message: 'Processing...' });
      let lastSave = 0;
      let writing = Promise.resolve();
      const file = await deps.prepare(offer, (fraction) => {
        const next = Math.min(99, ANALYZED + Math.floor(fraction * (99 - ANALYZED)));
        if (next <= progress || now() - lastSave < SAVE_EVERY_MS) return;
        progress = next;
        lastSave = now();
        // One write at a time, in order: the stored value only ever rises.
        writing = writing.then(() => save(id, { status: 'processing', progress: next, message: 'Processing...' }));
      });
      await writing;
      await save(id, { status: 'ready', progress: 100, message: 'Download ready', downloadUrl: downloadUrlOf(offer, request) });
      await finished({ status: 'ready', offer, file }, request, owner, startedAt);
    } catch (error) {
      const state = failedState(error, progress);
      await save(id, state);
      await finished({ status: 'failed', offer, message: state.message }, request, owner, startedAt, state.code);
    }
  };

  return {
    async start(request, owner = null) {
      const url = recogniseUrl(request.url).canonicalUrl;
      assertTrimReadable(request);
      const id = newId('dl');
      const startedAt = now();
      const state: DownloadState = { status: 'queued', progress: 0, message: 'Queued for processing' };
      const payload = { url, quality: request.quality, format: request.format };
      await insertDownloadJob(await store(), { id, state, payload, owner, now: now(), expiresAt: now() + deps.ttlMs() });
      void limit(() => run(id, { ...request, url }, owner, startedAt));
      return id;
    },
    async get(id) {
      return readDownloadJob(await store(), id, now());
    },
    load: () => limit.load(),
  };
}
