'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLaterMessages } from './later-texts';
import { toast } from '@/lib/client/use-toast';
import type { MediaInfo } from '@/lib/media/types';
import { ApiError, apiGet, apiPost, loadJsonParser, parseJson } from './api-client';
import { useErrorText } from './error-text';
import { usePlatformNotice } from './platform-notice';
import { runAnalysis, type AnalysisDeps, type AnalysisFailure, type StartedJob, type StatusStream, type StatusUpdate } from './analysis-run';

export type AnalysisPhase = 'idle' | 'analyzing' | 'ready' | 'error';

export interface AnalysisState {
  phase: AnalysisPhase;
  /** The link being (or last) analysed. */
  url: string | null;
  /** The job's own status while analysing (queued, analyzing). */
  status?: string;
  progress?: number;
  metadata: MediaInfo | null;
  /** Localized reason of the last failure. */
  error: string | null;
}

/** The hook's own state: a failure is kept as it came and said in the visitor's language when rendered. */
type HeldState = Omit<AnalysisState, 'error'> & { error: null; failure?: AnalysisFailure };

/**
 * Which wording the outcome notices use: the analyse bar's own ('Analysis complete!') on the home page, the
 * download page's ('Analysis Complete!') there; each keeps its own.
 */
export type AnalysisNotices = 'bar' | 'page';

const IDLE: HeldState = { phase: 'idle', url: null, metadata: null, error: null };

const statusPath = (jobId: string) => `/api/status/${encodeURIComponent(jobId)}`;

const browserDeps: AnalysisDeps = {
  async startJob(url) {
    const { jobId, ...snapshot } = await apiPost<{ jobId: string } & StatusUpdate>('/api/analyze', { url });
    return { jobId, snapshot: snapshot.status ? snapshot : undefined };
  },
  getStatus: (jobId) => apiGet<StatusUpdate>(statusPath(jobId)),
  openStream(jobId) {
    if (typeof EventSource === 'undefined') return null;
    // No credentials: the job id is the capability, and a cookie-less stream is cheap to proxy.
    const source = new EventSource(statusPath(jobId));
    const stream: StatusStream = { onmessage: null, onerror: null, close: () => source.close() };
    // Events are handed on once the answer parser is here (a job the page's server started opens its stream
    // before any API call has fetched it), in the order they came; if it cannot be fetched the stream counts as
    // failed and the run falls back to asking.
    const parser = loadJsonParser();
    parser.catch((error: unknown) => {
      source.close();
      stream.onerror?.(error);
    });
    source.onmessage = (event) => void parser.then(() => stream.onmessage?.(event), () => undefined);
    source.onerror = (event) => void parser.then(() => stream.onerror?.(event), () => undefined);
    return stream;
  },
  parse: parseJson,
};

/**
 * The result's picture is the page's largest paint: its fetch starts the moment the analysis answers, not once the
 * result card has rendered (the card's <img> then finds it under way or done). Same address, same referrer policy.
 */
function fetchPictureEarly(metadata: MediaInfo) {
  const first = metadata.items && metadata.items.length > 1 ? metadata.items[0]?.thumbnail : undefined;
  const src = first || metadata.thumbnail;
  if (!src || typeof Image === 'undefined') return;
  const picture = new Image();
  picture.fetchPriority = 'high';
  picture.referrerPolicy = 'no-referrer';
  picture.src = src;
}

/** The job the server started for the page's own link while it rendered (see `AnalyzeWorkspace`). */
export type ServerStartedJob = StartedJob['snapshot'] & { jobId: string };

/** The state a page starts in: the server's finished result is rendered at once, anything else as under way. */
export function initialAnalysisState(url: string | undefined, first: ServerStartedJob | undefined): AnalysisState {
  if (!url || !first) return IDLE;
  if (first.status === 'ready' && first.metadata) return { phase: 'ready', url, metadata: first.metadata, error: null };
  if (first.status === 'error') return { phase: 'analyzing', url, metadata: null, error: null };
  return { phase: 'analyzing', url, status: first.status, progress: first.progress, metadata: null, error: null };
}

/** Follows the server's job instead of starting one: the first start answers with it, later ones start anew. */
function followingFirst(first: ServerStartedJob): AnalysisDeps {
  let taken = false;
  return {
    ...browserDeps,
    startJob(url) {
      if (taken) return browserDeps.startJob(url);
      taken = true;
      const { jobId, ...snapshot } = first;
      return Promise.resolve({ jobId, snapshot });
    },
  };
}

/**
 * The analysis state machine for one analyse bar: start → job → stream (or polling) → ready | error. `initial`
 * is the page's link with the job the server started for it, if any: `analyze(url, initial)` then follows that
 * job rather than starting another.
 */
export function useAnalysis(notices: AnalysisNotices = 'page', initial?: { url: string; job?: ServerStartedJob }) {
  const t = useTranslations('Analyze');
  const describeError = useErrorText('analysis');
  const platformNotice = usePlatformNotice();
  const later = useLaterMessages();
  const [state, setState] = useState<HeldState>(() => initialAnalysisState(initial?.url, initial?.job) as HeldState);
  const cancelRef = useRef<(() => void) | null>(null);
  const runs = useRef(0);

  const describe = useCallback(
    (failure: AnalysisFailure): string | undefined => {
      const fromError = (error: unknown, fallback: string) => {
        if (error instanceof ApiError && error.unreadable) return t('serverError', { status: error.status, statusText: error.statusText });
        return describeError(error, fallback);
      };
      switch (failure.stage) {
        case 'start':
          return fromError(failure.error, t(notices === 'bar' ? 'barFailedFallback' : 'startFailed'));
        case 'job': {
          // A paused platform's own sentence says when to try again; a failing one's is added to the reason.
          const notice = platformNotice(failure.code, failure.details);
          if (notice && failure.code === 'platform_paused') return notice;
          const reason = describeError(failure, t('jobFailed'));
          return notice ? `${reason} ${notice}` : reason;
        }
        case 'poll':
          return fromError(failure.error, t('statusFailed'));
        case 'timeout':
          return t('timeout');
      }
    },
    [notices, t, describeError, platformNotice],
  );

  const analyze = useCallback(
    (input: string, first?: ServerStartedJob) => {
      const url = input.trim();
      if (!url) return;
      cancelRef.current?.();
      const run = ++runs.current;
      // The texts of the result card and of failures come while the analysis runs, on pages that fetch them.
      void later.ensure();
      setState((s) => (first && s.phase === 'analyzing' ? s : { phase: 'analyzing', url, metadata: null, error: null }));
      cancelRef.current = runAnalysis(url, first ? followingFirst(first) : browserDeps, {
        onProgress: ({ status, progress }) => setState((s) => ({ ...s, status, progress })),
        onReady(metadata) {
          fetchPictureEarly(metadata);
          setState({ phase: 'ready', url, metadata, error: null });
          toast({ title: t(notices === 'bar' ? 'barCompleteTitle' : 'completeTitle'), description: t('completeBody') });
        },
        onFailure(failure) {
          // Said once, where it happened: the workspace shows it inline (role="alert") until the next try; a toast
          // as well would say the same thing twice. Shown once its words are here (at once where the page has them).
          void later.ensure().then(() => {
            if (runs.current !== run) return;
            setState({ phase: 'error', url, metadata: null, error: null, failure });
            console.error(`[analyze] ${failure.stage}${'code' in failure && failure.code ? ` ${failure.code}` : ''}`);
          });
        },
        onConnectionLost() {
          toast({ title: t('connectionTitle'), description: t('connectionBody'), variant: 'destructive' });
        },
      });
    },
    [later, notices, t],
  );

  const reset = useCallback(() => {
    cancelRef.current?.();
    cancelRef.current = null;
    runs.current++;
    setState(IDLE);
  }, []);

  // Leaving the page ends the stream and any polling.
  useEffect(() => () => cancelRef.current?.(), []);

  // The failure in the visitor's language, with the texts in use now (they may have arrived since it came).
  const shown = useMemo<AnalysisState>(
    () => {
      if (state.phase !== 'error' || !state.failure) return state;
      const { failure, ...rest } = state;
      return { ...rest, error: describe(failure) ?? t(notices === 'bar' ? 'barFailedFallback' : 'failedFallback') };
    },
    [state, describe, notices, t],
  );

  return { state: shown, analyze, reset };
}
