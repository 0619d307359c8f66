import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/api/platform/route';

function call(url?: string) {
  const query = url === undefined ? '' : `?url=${encodeURIComponent(url)}`;
  return GET(new NextRequest(`http://localhost/api/platform${query}`), { params: Promise.resolve({}) });
}

describe('GET /api/platform', () => {
  it('answers the recognition of a platform link', async () => {
    const response = await call('youtu.be/dQw4w9WgXcQ?si=abc');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      data: { platform: 'youtube', kind: 'video', id: 'dQw4w9WgXcQ', canonicalUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
  });

  it.each([['javascript:alert(1)'], ['garbage'], [undefined]])('refuses %s as an invalid URL', async (url) => {
    const response = await call(url);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ success: false, error: 'Please enter a valid URL', code: 'invalid_url' });
  });

  it('refuses a platform page without media with its own code', async () => {
    const response = await call('https://x.com/settings');
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ success: false, code: 'unsupported_url' });
  });
});
