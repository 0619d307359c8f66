import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors';
import { apiHandler } from './api-handler';

const call = async (error: unknown) => {
  const handler = apiHandler(async () => {
    throw error;
  });
  const res = await handler(new NextRequest('http://localhost/api/x'), { params: Promise.resolve({}) });
  return { res, body: await res.json() };
};

describe('apiHandler errors', () => {
  it('keeps the details a caller can act on', async () => {
    const { res, body } = await call(new AppError('too_large', 'This file is larger than the 4 GB limit', { maxBytes: 4 }));
    expect(res.status).toBe(413);
    expect(body).toEqual({ success: false, error: 'This file is larger than the 4 GB limit', code: 'too_large', details: { maxBytes: 4 } });
  });

  it('never echoes internal causes: temp paths, database reasons, exit codes', async () => {
    const { body } = await call(
      new AppError('upstream_failed', 'The media could not be read', { cause: '/tmp/grabline-ffmpeg-x1/in.mp4: Invalid data', reason: 'check', exitCode: 1 }),
    );
    expect(body).toEqual({ success: false, error: 'The media could not be read', code: 'upstream_failed' });
    expect(JSON.stringify(body)).not.toContain('/tmp/');
  });

  it('says when to retry in the standard header', async () => {
    const { res } = await call(new AppError('rate_limited', 'Too many sign-in attempts.', { retryAfter: 120 }));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('120');
  });

  it('answers an unknown error as a generic 500 without its message, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { res, body } = await call(new Error('secret connection string postgres://u:p@db'));
    expect(res.status).toBe(500);
    expect(JSON.stringify(body)).not.toContain('postgres://');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
