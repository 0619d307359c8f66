'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLaterMessages } from './later-texts';
import { toast } from '@/lib/client/use-toast';
import type { MediaInfo } from '@/lib/media/types';
import type { AnalysisEvents, AnalysisFailure } from './analysis-run';
import type { ServerStartedJob } from './analysis-browser';

export type { ServerStartedJob };

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
 * Which wording a failure's fallback reason uses: the analyse bar's own on the home page, the download page's
 * there. The outcome's title ('Analysis complete!', 'Analysis failed') is one text on every page.
 */
export type AnalysisNotices = 'bar' | 'page';

const IDLE: HeldState = { phase: 'idle', url: null, metadata: null, error: null };

/**
 * The API client and the run (about 3 KB gzipped) come when the visitor first analyses, or earlier when the
 * workspace asks for them (a link in the page's address, the bar focused): a page that is only read never loads them.
 */
export const loadAnalysisRunner = () =>
  import('./analysis-browser').then((runner) => {
    failureText = runner.failureText;
    return runner;
  });
/** How a failure is said: here once the runner's code is (a failure only comes from a run). */
let failureText: typeof import('./analysis-failure-text').failureText | null = null;

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

/** The state a page starts in: the server's finished result is rendered at once, anything else as under way. */
export function initialAnalysisState(url: string | undefined, first: ServerStartedJob | undefined): AnalysisState {
  if (!url || !first) return IDLE;
  if (first.status === 'ready' && first.metadata) return { phase: 'ready', url, metadata: first.metadata, error: null };
  if (first.status === 'error') return { phase: 'analyzing', url, metadata: null, error: null };
  return { phase: 'analyzing', url, status: first.status, progress: first.progress, metadata: null, error: null };
}

/**
 * The analysis state machine for one analyse bar: start → job → stream (or polling) → ready | error. `initial`
 * is the page's link with the job the server started for it, if any: `analyze(url, initial)` then follows that
 * job rather than starting another.
 */
export function useAnalysis(notices: AnalysisNotices = 'page', initial?: { url: string; job?: ServerStartedJob }) {
  const t = useTranslations('Analyze');
  const tErrors = useTranslations('Errors');
  const tIn = useTranslations('ErrorsIn');
  const locale = useLocale();
  const later = useLaterMessages();
  const [state, setState] = useState<HeldState>(() => initialAnalysisState(initial?.url, initial?.job) as HeldState);
  const cancelRef = useRef<(() => void) | null>(null);
  const runs = useRef(0);

  const describe = useCallback(
    (failure: AnalysisFailure): string | undefined => {
      if (failureText) return failureText(failure, { t, tErrors, tIn, locale, notices });
      // The runner's code could not be fetched: nothing more precise to say than that it did not start.
      if (failure.stage === 'start') return t(notices === 'bar' ? 'barFailedFallback' : 'startFailed');
      return undefined;
    },
    [notices, t, tErrors, tIn, locale],
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
      const events: AnalysisEvents = {
        onProgress: ({ status, progress }) => setState((s) => ({ ...s, status, progress })),
        onReady(metadata) {
          fetchPictureEarly(metadata);
          setState({ phase: 'ready', url, metadata, error: null });
          toast({ title: t('completeTitle'), description: t('completeBody') });
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
      };
      // Cancelling before the runner's code is here means it never starts.
      let cancelRun: (() => void) | null = null;
      let cancelled = false;
      cancelRef.current = () => {
        cancelled = true;
        cancelRun?.();
      };
      loadAnalysisRunner().then(
        ({ runAnalysis, followingFirst, browserDeps }) => {
          if (!cancelled) cancelRun = runAnalysis(url, first ? followingFirst(first) : browserDeps, events);
        },
        (error: unknown) => {
          if (!cancelled) events.onFailure({ stage: 'start', error });
        },
      );
    },
    [later, t],
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
