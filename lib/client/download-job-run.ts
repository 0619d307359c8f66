import type { z } from 'zod';
import type { DownloadProgress, downloadJobRequestSchema } from '@/lib/downloads/download-job-schemas';

/** Progress is polled every 2000 ms. */
export const PROGRESS_POLL_MS = 2000;
/** A poll that fails this many times in a row ends the wait: one dropped request is not a failed download. */
const POLL_ATTEMPTS = 3;

/** POST /api/media/download's body as the web page sends it: the chosen format exactly (itag, item). */
export type DownloadJobBody = z.input<typeof downloadJobRequestSchema>;

export interface DownloadJobDeps {
  start: (body: DownloadJobBody) => Promise<string>;
  progress: (downloadId: string) => Promise<DownloadProgress>;
}

export type DownloadJobFailure =
  | { stage: 'start'; error: unknown }
  | { stage: 'poll'; error: unknown }
  | { stage: 'job'; progress: DownloadProgress };

export interface DownloadJobHandlers {
  onStarted: (downloadId: string) => void;
  onProgress: (progress: DownloadProgress) => void;
  onReady: (progress: DownloadProgress & { downloadUrl: string }) => void;
  onFailure: (failure: DownloadJobFailure) => void;
}

/**
 * One download job: start it, then read its progress every 2 s until it is ready
 * or failed. Returns a cancel function; after cancelling no handler is called again.
 */
export function runDownloadJob(body: DownloadJobBody, deps: DownloadJobDeps, handlers: DownloadJobHandlers): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let misses = 0;

  const poll = async (downloadId: string) => {
    let progress: DownloadProgress;
    try {
      progress = await deps.progress(downloadId);
      misses = 0;
    } catch (error) {
      if (cancelled) return;
      if (++misses >= POLL_ATTEMPTS) return handlers.onFailure({ stage: 'poll', error });
      timer = setTimeout(() => void poll(downloadId), PROGRESS_POLL_MS);
      return;
    }
    if (cancelled) return;
    handlers.onProgress(progress);
    if (progress.status === 'ready' && progress.downloadUrl) return handlers.onReady({ ...progress, downloadUrl: progress.downloadUrl });
    if (progress.status === 'failed') return handlers.onFailure({ stage: 'job', progress });
    timer = setTimeout(() => void poll(downloadId), PROGRESS_POLL_MS);
  };

  deps.start(body).then(
    (downloadId) => {
      if (cancelled) return;
      handlers.onStarted(downloadId);
      timer = setTimeout(() => void poll(downloadId), PROGRESS_POLL_MS);
    },
    (error: unknown) => {
      if (!cancelled) handlers.onFailure({ stage: 'start', error });
    },
  );

  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}
