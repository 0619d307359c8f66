import 'server-only';
import { newId } from '@/lib/db/ids';
import { recogniseUrl } from '@/lib/media/platforms';
import { assertTrimReadable } from '@/lib/media/trim/trim-range';
import type { DownloadJobRequest, DownloadProgress } from './download-job-schemas';
import { AppError } from '@/lib/errors';
import type { DownloadPayload, DownloadState, KeptFile } from './download-kind';
import { readJobSource } from './job-rows';
import type { LimiterLoad } from './limiter';
import type { JobOwner, JobRunner } from './runner';

export type { DownloadJobOutcome, JobEnded } from './download-kind';

export interface DownloadJobs {
  /**
   * Validates the link (invalid_url throws here, no job is made) and returns the download id. `owner` is the
   * account it belongs to (history, retry); `client` whose turn it takes among the jobs waiting.
   */
  start(request: DownloadJobRequest, owner?: string | null, client?: JobOwner, keep?: { until: number }): Promise<string>;
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
  retry(id: string, caller: string | null, client?: JobOwner): Promise<string>;
  /** A ready kept download's file (a followed creator's background download), else undefined. */
  keptFile(id: string): Promise<KeptFile | undefined>;
  /** Download jobs this process is running and holding queued right now. */
  load(): LimiterLoad;
}

/** Download jobs as the routes see them: jobs of the download kind on whichever runner the process has. */
export function createDownloadJobs(runner: JobRunner, options: { ttlMs: () => number; now?: () => number }): DownloadJobs {
  const now = options.now ?? Date.now;
  const jobs: DownloadJobs = {
    async start(request, owner = null, client, keep) {
      const url = recogniseUrl(request.url).canonicalUrl;
      // Time text that is not a time is refused now; a range past the end is known only once the media is.
      assertTrimReadable(request);
      const id = newId('dl');
      const payload: DownloadPayload = { request: { ...request, url }, owner, startedAt: now(), ...(keep ? { keepUntil: keep.until } : {}) };
      const state: DownloadState = { status: 'queued', progress: 0, message: 'Queued for processing' };
      await runner.enqueue('download', { id, payload, owner: client }, { state, owner, expiresAt: now() + options.ttlMs() });
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
      return progress;
    },
    async cancel(id, caller) {
      const source = await readJobSource(await runner.store(), id, 'download', now());
      if (source?.owner && source.owner !== caller) throw new AppError('not_found', 'Download not found');
      return runner.cancel('download', id);
    },
    async retry(id, caller, client) {
      const source = await readJobSource(await runner.store(), id, 'download', now());
      if (!source || (source.owner && source.owner !== caller)) throw new AppError('not_found', 'Download not found');
      if (source.status !== 'failed') throw new AppError('conflict', 'Only a failed download can be retried');
      const { request, owner, keepUntil } = source.payload as DownloadPayload;
      return jobs.start(request, owner, client, keepUntil ? { until: keepUntil } : undefined);
    },
    async keptFile(id) {
      const state = await runner.get<DownloadState>('download', id);
      return state?.status === 'ready' ? state.keptFile : undefined;
    },
    load: () => runner.load('download'),
  };
  return jobs;
}
