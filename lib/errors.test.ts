import { describe, expect, it, vi } from 'vitest';
import { AppError, isAppError, toAppError } from './errors';

describe('AppError across copies of its module', () => {
  it("is recognised when another bundle's copy of lib/errors made it", async () => {
    vi.resetModules();
    // A query makes the module loader treat it as another module: a second copy, as a separate bundle has.
    const other = (await import(/* @vite-ignore */ `./errors?copy=${Date.now()}`)) as typeof import('./errors');
    const foreign = new other.AppError('bot_check', "Sign in to confirm you're not a bot", { retryAfter: 60 });
    expect(foreign).not.toBeInstanceOf(AppError);
    expect(isAppError(foreign)).toBe(true);
    expect(toAppError(foreign)).toMatchObject({ code: 'bot_check', status: 503, details: { retryAfter: 60 } });
  });

  it('still takes anything else for an unknown failure', () => {
    expect(isAppError(new Error('x'))).toBe(false);
    expect(isAppError({ code: 'bot_check' })).toBe(false);
    expect(toAppError(new TypeError('boom')).code).toBe('internal');
  });
});
