import 'server-only';
import { newId } from '@/lib/db/ids';
import { AppError } from '@/lib/errors';
import { readJobSource } from '@/lib/jobs/job-rows';
import type { LimiterLoad } from '@/lib/jobs/limiter';
import type { JobRequester, JobRunner } from '@/lib/jobs/runner';
import { recogniseUrl } from '@/lib/media/platforms';
import { assertTrimReadable } from '@/lib/media/trim/trim-range';
import type { DownloadJobRequest, DownloadProgress } from './download-job-schemas';
import type { DownloadPayload, DownloadState, KeptFile } from './download-kind';

export interface DownloadJobs {
  /**
   * Validates the link (invalid_url throws here, no job is made) and returns the download id, made for `requester`
   * (anonymous system work when absent).
   */
  start(request: DownloadJobRequest, requester?: JobRequester, keep?: { until: number }, later?: { startAt: number }): Promise<string>;
  /**
   * The download's progress. Asked on behalf of a caller (an account id, or null for an anonymous one), a job with an
   * owner is that owner's only: anyone else gets undefined, as for an unknown id.
   */
  get(id: string, caller?: string | null): Promise<DownloadProgress | undefined>;
  /**
   * Stops a queued or running download; false when it had already ended or is unknown here. A job with an owner is
   * stopped by that owner only (anyone else: not_found).
   */
  cancel(id: string, caller: string | null): Promise<boolean>;
  /**
   * Starts a failed download again as a new job (same link, choice and owner) and returns its id: the old job
   * keeps its failed state. A job with an owner is retried by that owner only (anyone else: not_found); one that
   * has not failed is a conflict.
   */
  retry(id: string, requester: JobRequester): Promise<string>;
  /** A ready kept download's file (a followed creator's background download), else undefined. */
  keptFile(id: string): Promise<KeptFile | undefined>;
  /** Download jobs this process is running and holding queued right now. */
  load(): LimiterLoad;
}

/** Download jobs as the routes see them: jobs of the download kind on whichever runner the process has. */
export function createDownloadJobs(runner: JobRunner, options: { ttlMs: () => number; now?: () => number }): DownloadJobs {
  const now = options.now ?? Date.now;
  const jobs: DownloadJobs = {
    async start(request, requester, keep, later) {
      const owner = requester?.accountId ?? null;
      const url = recogniseUrl(request.url).canonicalUrl;
      // Time text that is not a time is refused now; a range past the end is known only once the media is.
      assertTrimReadable(request);
      const id = newId('dl');
      const payload: DownloadPayload = { request: { ...request, url }, owner, startedAt: now(), ...(keep ? { keepUntil: keep.until } : {}) };
      // Background work outside its download window waits, without a slot, until the window opens.
      const delayMs = later ? Math.max(0, later.startAt - now()) : 0;
      const state: DownloadState = delayMs > 0
        ? { status: 'queued', progress: 0, message: 'Scheduled', scheduledFor: later!.startAt }
        : { status: 'queued', progress: 0, message: 'Queued for processing' };
      const expiresAt = now() + delayMs + options.ttlMs();
      await runner.enqueue('download', { id, payload, owner: requester?.turn, ...(delayMs > 0 ? { delayMs } : {}) }, { state, owner, expiresAt });
      return id;
    },
    async get(id, caller) {
      const state = await runner.get<DownloadState>('download', id);
      if (!state) return undefined;
      if (caller !== undefined) {
        const source = await readJobSource(await runner.store(), id, 'download', now());
        if (source?.owner && source.owner !== caller) return undefined;
      }
      const progress: DownloadProgress = {
        id, _id: id, status: state.status, progress: state.progress, message: state.message,
        downloadUrl: state.status === 'ready' ? (state.downloadUrl ?? null) : null,
      };
      if (state.code) progress.code = state.code;
      if (state.status === 'ready' && state.notes?.length) progress.notes = state.notes;
      if (state.status === 'queued' && state.scheduledFor) progress.scheduledFor = new Date(state.scheduledFor).toISOString();
      return progress;
    },
    async cancel(id, caller) {
      const source = await readJobSource(await runner.store(), id, 'download', now());
      if (source?.owner && source.owner !== caller) throw new AppError('not_found', 'Download not found');
      return runner.cancel('download', id);
    },
    async retry(id, requester) {
      const source = await readJobSource(await runner.store(), id, 'download', now());
      if (!source || (source.owner && source.owner !== requester.accountId)) throw new AppError('not_found', 'Download not found');
      if (source.status !== 'failed') throw new AppError('conflict', 'Only a failed download can be retried');
      const { request, owner, keepUntil } = source.payload as DownloadPayload;
      return jobs.start(request, { accountId: owner, turn: requester.turn }, keepUntil ? { until: keepUntil } : undefined);
    },
    async keptFile(id) {
      const state = await runner.get<DownloadState>('download', id);
      return state?.status === 'ready' ? state.keptFile : undefined;
    },
    load: () => runner.load('download'),
  };
  return jobs;
}
