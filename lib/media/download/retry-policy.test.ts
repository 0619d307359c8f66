import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { backoffDelay, isRetryable, parseRetryAfter, statusError } from './retry-policy';
import { segmentIv } from './segment-plan';

describe('retry policy', () => {
  it('retries timeouts, lost connections and 5xx/429, never 4xx, guard refusals or aborts', () => {
    expect(isRetryable(new AppError('upstream_timeout', 'The source stopped sending data'))).toBe(true);
    expect(isRetryable(new AppError('upstream_failed', 'The connection to the source was lost'))).toBe(true);
    expect([503, 429, 500].map((s) => isRetryable(statusError(s)))).toEqual([true, true, true]);
    expect([404, 403, 410].map((s) => isRetryable(statusError(s)))).toEqual([false, false, false]);
    expect(isRetryable(new AppError('private_address', 'x'))).toBe(false);
    expect(isRetryable(new AppError('upstream_failed', 'Too many redirects', { maxRedirects: 5 }))).toBe(false);
    expect(isRetryable(new DOMException('aborted', 'AbortError'))).toBe(false);
  });

  it('reads Retry-After as seconds or a date, capped at 15 s', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('86400', now)).toBe(15_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('backs off exponentially with jitter, and never sooner than Retry-After', () => {
    for (let i = 0; i < 50; i++) {
      expect(backoffDelay(0)).toBeGreaterThanOrEqual(100);
      expect(backoffDelay(0)).toBeLessThanOrEqual(200);
      expect(backoffDelay(3)).toBeGreaterThanOrEqual(800);
      expect(backoffDelay(20)).toBeLessThanOrEqual(8000);
      expect(backoffDelay(0, 3000)).toBe(3000);
    }
  });
});

describe('AES-128 IV', () => {
  it('uses the explicit IV, left-padded, or the media sequence number big-endian', () => {
    expect(segmentIv('0x000102030405060708090a0b0c0d0e0f', 9).toString('hex')).toBe('000102030405060708090a0b0c0d0e0f');
    expect(segmentIv('0x1F', 9).toString('hex')).toBe('0000000000000000000000000000001f');
    expect(segmentIv(undefined, 258).toString('hex')).toBe('00000000000000000000000000000102');
  });
});
