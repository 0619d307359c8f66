'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { ApiError } from './api-error';
import { localTime } from './local-time';

/**
 * The one mapping from an error code to what a visitor reads, in their language. Every screen goes through
 * it: a code the UI knows is said with its text in messages/*.json (namespace "Errors", or "ErrorsIn.<context>"
 * where a screen says it more precisely); the server's own message is shown only for a code the UI does not
 * know; an answer that was not ours (a proxy's page) gets the screen's fallback.
 */
export type ErrorContext = 'analysis' | 'download' | 'bulk' | 'history' | 'settings' | 'auth';

/** Anything a failure may come as: an ApiError, a job's or bulk item's `{code, message}`, or an Error. */
export interface ErrorLike {
  code?: string;
  message?: string;
}

export interface Translator {
  (key: string): string;
  has(key: string): boolean;
}

function partsOf(error: unknown): { code?: string; message?: string } {
  if (error instanceof ApiError) return { code: error.code, message: error.unreadable ? undefined : error.message };
  // A browser's own error (a TypeError from a dropped connection) is English and says nothing to act on.
  if (error instanceof Error && !('code' in error)) return {};
  if (error && typeof error === 'object') {
    const { code, message } = error as ErrorLike;
    return { code: typeof code === 'string' ? code : undefined, message: typeof message === 'string' && message ? message : undefined };
  }
  return {};
}

/** The visitor's text for a failure: the context's wording, the code's, the server's words, else the fallback. */
export function errorText(
  tErrors: Translator,
  tContext: Translator | undefined,
  error: unknown,
  fallback: string,
): string {
  const { code, message } = partsOf(error);
  if (code && tContext?.has(code)) return tContext(code);
  if (code && tErrors.has(code)) return tErrors(code);
  return message ?? fallback;
}

/** When a used-up daily allowance renews, from the API's answer; undefined for any other failure. */
export function renewalOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.code !== 'daily_bytes_exceeded') return undefined;
  const at = error.details?.retryAt;
  return typeof at === 'string' ? at : undefined;
}

/** The translators of namespaces "Errors" and "ErrorsIn", and the visitor's language. */
export interface ErrorTexts {
  tErrors: Translator & ((key: string, values: Record<string, string>) => string);
  tIn: Translator;
  locale: string;
}

/** `useErrorText`'s describe without React, for code that has the translators at hand. */
export function describeError(texts: ErrorTexts, context: ErrorContext | undefined, error: unknown, fallback: string): string {
  const { tErrors, tIn, locale } = texts;
  const tContext: Translator | undefined = context
    ? Object.assign((key: string) => tIn(`${context}.${key}`), { has: (key: string) => tIn.has(`${context}.${key}`) })
    : undefined;
  const text = errorText(tErrors, tContext, error, fallback);
  const renewal = renewalOf(error);
  const time = renewal ? localTime(renewal, locale) : null;
  return time ? `${text} ${tErrors('dailyBytesRenews', { time })}` : text;
}

/**
 * `describe(error, fallback)` for one screen. A used-up daily allowance also says when it renews, in the visitor's
 * own time zone.
 */
export function useErrorText(context?: ErrorContext): (error: unknown, fallback: string) => string {
  const tErrors = useTranslations('Errors');
  const tIn = useTranslations('ErrorsIn');
  const locale = useLocale();
  return useCallback(
    (error: unknown, fallback: string) => describeError({ tErrors, tIn, locale }, context, error, fallback),
    [context, locale, tErrors, tIn],
  );
}
