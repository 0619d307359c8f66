import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AppError } from '@/lib/errors';

import { getYtdlpPool } from './get-pool';
import { startTestSite, type TestSite } from './test-site';

let site: TestSite;

beforeAll(async () => {
  site = await startTestSite();
});

afterAll(async () => {
  await getYtdlpPool().close();
  await site?.close();
  delete process.env.MEDIA_FETCH_ALLOW;
});

describe('getYtdlpPool', () => {
  it('is one pool per process', () => {
    expect(getYtdlpPool()).toBe(getYtdlpPool());
  });

  it('sends yt-dlp through the egress proxy, which refuses loopback unless allowlisted', async () => {
    const url = `${site.origin}/video.mp4`;
    const refused = await getYtdlpPool().extract(url).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('upstream_failed');
    expect((refused as AppError).details?.engineMessage).toContain('403'); // yt-dlp's words stay in the log and details

    process.env.MEDIA_FETCH_ALLOW = new URL(site.origin).host;
    const info = await getYtdlpPool().extract(url);
    expect(info.formats?.[0]?.url).toBe(url);
  });
});
