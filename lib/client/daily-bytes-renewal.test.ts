import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { renewalOf } from './error-text';

const errorsOf = (locale: string) =>
  (JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8')) as { Errors: Record<string, string> }).Errors;

describe('when a used-up daily allowance renews', () => {
  const at = '2026-11-26T00:00:00.000Z';
  const refused = new ApiError('used up', { status: 429, statusText: 'Too Many Requests', code: 'daily_bytes_exceeded', details: { retryAt: at, limit: 1000 } });

  it('is read from the refusal, and from nothing else', () => {
    expect(renewalOf(refused)).toBe(at);
    expect(renewalOf(new ApiError('slow down', { status: 429, statusText: 'Too Many Requests', code: 'rate_limited', details: { retryAt: at } }))).toBeUndefined();
    expect(renewalOf(new ApiError('used up', { status: 429, statusText: 'Too Many Requests', code: 'daily_bytes_exceeded' }))).toBeUndefined();
    expect(renewalOf({ code: 'daily_bytes_exceeded', message: 'used up' })).toBeUndefined();
  });

  it.each(['en', 'fr', 'ar', 'ar-EG'])('is said in %s with the time in its place', (locale) => {
    const errors = errorsOf(locale);
    expect(errors.daily_bytes_exceeded.trim()).not.toBe('');
    expect(errors.dailyBytesRenews).toContain('{time}');
  });
});
