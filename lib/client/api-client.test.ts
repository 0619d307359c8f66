import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiPost } from './api-client';

function answer(body: string, init: ResponseInit) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, init)));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('returns data and keeps numbers longer than 15 digits exact', async () => {
    answer('{"success":true,"data":{"jobId":"j1","views":12345678901234567890}}', { status: 200 });
    const data = await apiPost<{ jobId: string; views: unknown }>('/api/analyze', { url: 'u' });
    expect(data.jobId).toBe('j1');
    expect(String(data.views)).toBe('12345678901234567890');
    const [, init] = vi.mocked(fetch).mock.calls[0];
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"url":"u"}' });
  });

  it("throws the server's error and code for a JSON error reply", async () => {
    answer('{"success":false,"error":"Please enter a valid URL","code":"invalid_url"}', { status: 422, statusText: 'Unprocessable Entity' });
    const error = await apiPost('/api/analyze', { url: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Please enter a valid URL', code: 'invalid_url', status: 422, unreadable: false });
  });

  it("says 'Server error: {status} {statusText}' for a reply that is not JSON", async () => {
    answer('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    const error = await apiPost('/api/analyze', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Server error: 502 Bad Gateway', unreadable: true });
  });
});
