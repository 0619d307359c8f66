import type { AnalysisFailure } from './analysis-run';
import { ApiError } from './api-error';
import { describeError, type ErrorTexts } from './error-text';
import { platformNoticeText } from './platform-notice';

/** What a failure is said with: the "Analyze" translator, the errors' ones, and which wording the bar uses. */
export interface FailureTexts extends ErrorTexts {
  t: (key: string, values?: Record<string, string | number>) => string;
  notices: 'bar' | 'page';
}

/**
 * A failed analysis in the visitor's language. It comes with the code that runs analyses (only a run fails), so
 * a page that is only read never loads the error texts' code either.
 */
export function failureText(failure: AnalysisFailure, texts: FailureTexts): string {
  const { t, notices } = texts;
  const fromError = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && error.unreadable) return t('serverError', { status: error.status, statusText: error.statusText });
    return describeError(texts, 'analysis', error, fallback);
  };
  switch (failure.stage) {
    case 'start':
      return fromError(failure.error, t(notices === 'bar' ? 'barFailedFallback' : 'startFailed'));
    case 'job': {
      // A paused platform's own sentence says when to try again; a failing one's is added to the reason.
      const notice = platformNoticeText(t, texts.locale, failure.code, failure.details);
      if (notice && failure.code === 'platform_paused') return notice;
      const reason = describeError(texts, 'analysis', failure, t('jobFailed'));
      return notice ? `${reason} ${notice}` : reason;
    }
    case 'poll':
      return fromError(failure.error, t('statusFailed'));
    case 'timeout':
      return t('timeout');
  }
}
