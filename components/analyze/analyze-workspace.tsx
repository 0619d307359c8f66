'use client';

import { AlertCircle, Info } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { WithLaterMessages } from '@/components/i18n/later-messages';
import { toast } from '@/lib/client/use-toast';
import { loadAnalysisRunner, useAnalysis, type AnalysisNotices, type ServerStartedJob } from '@/lib/client/use-analysis';
import { AnalyzeBar } from './analyze-bar';

// The result card (format menu, download progress, saved defaults) is needed only once an analysis is under way:
// it is a chunk of its own, fetched while the analysis runs, so a page that is only visited never loads it. React's
// lazy rather than next/dynamic: the latter's loader adds about 2 KB gzipped to every page with the bar.
const loadResultCard = () => import('@/components/media/result-card');
const MediaResultCard = lazy(() => loadResultCard().then((m) => ({ default: m.MediaResultCard })));
// The analysing indicator (with the card's outline) comes with the code that runs the analysis: on focus or Analyze.
const loadIndicator = () => import('./analyzing-indicator');
const AnalyzingIndicator = lazy(() => loadIndicator().then((m) => ({ default: m.AnalyzingIndicator })));
const loadAnalysis = () => Promise.all([loadAnalysisRunner(), loadIndicator()]);

interface WorkspaceProps {
  initialUrl?: string;
  /** The job the server started for `initialUrl` while rendering the page (finished when it was fast enough). */
  initialJob?: ServerStartedJob;
  /** Shows `initialUrl` as being analysed and starts nothing: what the page shows while the server still waits. */
  waiting?: boolean;
  /**
   * `initialUrl` came with a navigation from another site: it is put in the box with a button to analyse it, and
   * nothing starts until the visitor presses it (or Analyze).
   */
  confirmFirst?: boolean;
  notices?: AnalysisNotices;
  belowBar?: ReactNode;
}

/**
 * The analyse bar with everything it leads to: the analysing indicator, the failure, the result card. Used by
 * /download (which may hand in ?url=, with the job the server started for it, and puts its advertising slot
 * `belowBar`) and by the home page's Single Download tab.
 */
export function AnalyzeWorkspace({ initialUrl, initialJob, waiting = false, confirmFirst = false, notices = 'page', belowBar }: WorkspaceProps) {
  const t = useTranslations('Analyze');
  const first = initialUrl?.trim() ? (initialJob ?? (waiting ? { jobId: '', status: 'queued' as const, progress: 0 } : undefined)) : undefined;
  const { state, analyze } = useAnalysis(notices, initialUrl ? { url: initialUrl.trim(), job: first } : undefined);
  const [value, setValue] = useState(initialUrl?.trim() ?? '');
  // Another site's link waits for the visitor's word: shown until any analysis starts.
  const [confirming, setConfirming] = useState(confirmFirst && Boolean(initialUrl?.trim()));
  // A result the visitor asked for here (Analyze, an entry of a list) is brought into view and focused; one the page
  // opened with is not (focus stays where the visitor is).
  const [asked, setAsked] = useState(false);
  const busy = state.phase === 'analyzing';
  // A link in ?url= is analysed at once: fetch the card (and the code that follows the analysis) alongside.
  useEffect(() => {
    if (busy || initialUrl) void loadResultCard();
    if (initialUrl) void loadAnalysis();
  }, [busy, initialUrl]);

  // A link in ?url= starts analysing by itself (or follows the job the server started; a result the server
  // already has is only announced). Deferred a tick so React's dev double-mount (which cancels the first run on
  // its simulated unmount) starts exactly one analysis.
  useEffect(() => {
    if (initialUrl === undefined || waiting || confirmFirst) return;
    const timer = setTimeout(() => {
      if (!initialUrl.trim()) toast({ title: t('invalidUrl'), variant: 'destructive' });
      else if (initialJob?.status === 'ready' && initialJob.metadata) toast({ title: t('completeTitle'), description: t('completeBody') });
      else analyze(initialUrl, initialJob);
    }, 0);
    return () => clearTimeout(timer);
    // Only the link the page was opened with; later analyses come from the bar.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialUrl]);

  function start(url: string) {
    setConfirming(false);
    setAsked(true);
    analyze(url);
  }

  function analyzeEntry(url: string) {
    setValue(url);
    start(url);
  }

  return (
    // A visitor in the bar is about to analyse: the code that runs it is fetched now rather than on Analyze.
    <div className="grid gap-6" onFocus={() => void loadAnalysis()}>
      <AnalyzeBar value={value} onValueChange={setValue} onAnalyze={start} busy={busy} />
      {confirming ? (
        <div role="status" data-testid="arrival-confirm" className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-4 text-sm sm:flex-row sm:items-center">
          <Info className="h-4 w-4 shrink-0 text-primary" aria-hidden />
          <div className="grid min-w-0 flex-1 gap-1">
            <p className="font-medium">{t('arrivedTitle')}</p>
            <p className="text-muted-foreground">{t('arrivedBody')}</p>
          </div>
          <Button data-testid="arrival-analyze" onClick={() => analyzeEntry(value.trim() || (initialUrl ?? '').trim())}>
            {t('arrivedAction')}
          </Button>
        </div>
      ) : null}
      {belowBar}
      {busy ? (
        <Suspense fallback={null}>
          <AnalyzingIndicator status={state.status} progress={state.progress} />
        </Suspense>
      ) : null}
      {state.phase === 'error' && state.error ? (
        <div role="alert" data-testid="analyze-error" className="flex items-start gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm">
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0 text-destructive" aria-hidden />
          <div className="min-w-0">
            <p className="font-medium">{t('failedTitle')}</p>
            <p className="text-muted-foreground break-words" dir="auto">{state.error}</p>
          </div>
        </div>
      ) : null}
      {state.phase === 'ready' && state.metadata ? (
        // The card's texts may still be on their way (pages that fetch them): it shows once both are here.
        <Suspense fallback={null}>
          <WithLaterMessages>
            <MediaResultCard key={`${state.metadata.id}-${state.metadata.createdAt}`} media={state.metadata} onAnalyzeEntry={analyzeEntry} busy={busy} reveal={asked} />
          </WithLaterMessages>
        </Suspense>
      ) : null}
    </div>
  );
}
