'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/client/use-toast';
import type { DownloadProgress } from '@/lib/downloads/download-job-schemas';
import { apiGet, apiPost, apiRequest } from './api-client';
import { useErrorText } from './error-text';
import { runDownloadJob, type DownloadJobBody, type DownloadJobDeps, type DownloadJobFailure } from './download-job-run';
import { saveFile } from './save-file';

export interface DownloadJobState {
  phase: 'idle' | 'starting' | 'running' | 'ready' | 'failed';
  /** The last progress record read, or a local 'queued' one until the first poll. */
  progress: DownloadProgress | null;
  /** What to save the file as. */
  filename: string;
  /** Localized reason when failed. */
  error: string | null;
}

const IDLE: DownloadJobState = { phase: 'idle', progress: null, filename: '', error: null };

const browserDeps: DownloadJobDeps = {
  start: async (body) => (await apiPost<{ downloadId: string }>('/api/media/download', body)).downloadId,
  progress: (id) => apiGet<DownloadProgress>(`/api/media/progress/${encodeURIComponent(id)}`),
};

/** One download job at a time: start → progress card → the file saved, with the download page's notices. */
export function useDownloadJob() {
  const t = useTranslations('DownloadProgress');
  const describe = useErrorText('download');
  const [state, setState] = useState<DownloadJobState>(IDLE);
  const cancelRef = useRef<(() => void) | null>(null);
  const lastRef = useRef<{ body: DownloadJobBody; filename: string } | null>(null);

  const reason = useCallback(
    (failure: DownloadJobFailure): string => {
      if (failure.stage === 'job') return describe(failure.progress, t('failedCard'));
      return describe(failure.error, failure.stage === 'start' ? t('startFailed') : t('failedCard'));
    },
    [t, describe],
  );

  const follow = useCallback(
    (body: DownloadJobBody, filename: string, deps: DownloadJobDeps) => {
      cancelRef.current?.();
      lastRef.current = { body, filename };
      setState({ phase: 'starting', progress: null, filename, error: null });
      cancelRef.current = runDownloadJob(body, deps, {
        onStarted(id) {
          const queued: DownloadProgress = { id, _id: id, status: 'queued', progress: 0, message: '', downloadUrl: null };
          setState((s) => ({ ...s, phase: 'running', progress: queued }));
          toast({ title: t('startedTitle'), description: t('startedBody') });
        },
        onProgress: (progress) => setState((s) => ({ ...s, progress })),
        onReady(progress) {
          setState((s) => ({ ...s, phase: 'ready', progress }));
          toast({ title: t('readyTitle'), description: filename });
          saveFile(progress.downloadUrl, filename);
        },
        onFailure(failure) {
          const message = reason(failure);
          setState((s) => ({ ...s, phase: 'failed', error: message, progress: failure.stage === 'job' ? failure.progress : s.progress }));
          toast({ title: t('failedTitle'), description: message, variant: 'destructive' });
        },
      });
    },
    [reason, t],
  );

  const start = useCallback((body: DownloadJobBody, filename: string) => follow(body, filename, browserDeps), [follow]);

  // Stops the job on the server; the polling then reads its cancelled state and shows it.
  const cancel = useCallback(async () => {
    const id = state.progress?.id;
    if (!id || state.phase !== 'running') return;
    await apiRequest(`/api/media/progress/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch((error: unknown) => {
      toast({ title: t('failedTitle'), description: describe(error, t('cancelFailed')), variant: 'destructive' });
    });
  }, [state.progress?.id, state.phase, t, describe]);

  // A failed job is started again as a new job on the server; the card follows the new one.
  const retry = useCallback(() => {
    const id = state.progress?.id;
    const last = lastRef.current;
    if (!id || !last || state.phase !== 'failed') return;
    const path = `/api/media/progress/${encodeURIComponent(id)}/retry`;
    follow(last.body, last.filename, { ...browserDeps, start: async () => (await apiPost<{ downloadId: string }>(path, {})).downloadId });
  }, [state.progress?.id, state.phase, follow]);

  // Leaving the page stops the polling; the job itself finishes on the server (and lands in history).
  useEffect(() => () => cancelRef.current?.(), []);

  return { state, start, cancel, retry, busy: state.phase === 'starting' || state.phase === 'running' };
}
