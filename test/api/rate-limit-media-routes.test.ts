import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as analyze } from '@/app/api/media/analyze/route';
import { POST as download } from '@/app/api/media/download/route';
import { GET as progress } from '@/app/api/media/progress/[id]/route';
import { appStores, callRoute } from '@/lib/auth/store.testkit';
import { withRedisCounters } from '@/test/redis-server';

// The public media API's own routes wear the wrapper: limits apply and show on answers that fail early.
describe.each(withRedisCounters(appStores()))('the media API routes on $name', ({ open }) => {
  let close: () => Promise<void>;
  beforeEach(async () => {
    close = await open();
    vi.stubEnv('ANON_DAILY_LIMIT', '3');
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await close();
  });

  it('counts analyze and download requests and refuses the one past the limit', async () => {
    const first = await callRoute(analyze, '/api/media/analyze', { body: '{' });
    expect(first.status).toBe(400);
    expect(first.headers.get('ratelimit-remaining')).toBe('2');
    const second = await callRoute(download, '/api/media/download', { body: {} });
    expect(second.status).toBe(400);
    expect(second.headers.get('ratelimit-remaining')).toBe('1');
    await callRoute(analyze, '/api/media/analyze', { body: {} });
    const refused = await callRoute(download, '/api/media/download', { body: {} });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('shows the limits on progress polls without spending them', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await callRoute(progress, '/api/media/progress/dl_unknown', { params: { id: 'dl_unknown' } });
      expect(res.status).toBe(404);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      expect(res.headers.get('ratelimit-remaining')).toBe('3');
    }
  });
});
