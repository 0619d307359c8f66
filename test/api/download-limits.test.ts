import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passthroughStats } from '@/lib/media/deliver';
import { analyze, bodyOf, requestDownload, startDownloadEnv, until } from './download.testkit';
import { fromPeer } from '@/test/peer';

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv();
});
afterAll(() => env?.close());
afterEach(() => {
  for (const name of ['MAX_DURATION_S', 'MAX_FILESIZE_BYTES', 'MAX_DOWNLOADS_PER_IP', 'TRUST_PROXY']) delete process.env[name];
  env.site.resetSwitches();
});

describe('download limits', () => {
  it('refuses media longer than MAX_DURATION_S with too_long', async () => {
    const media = await analyze(env.site, '/video.mp4?limit=1');
    process.env.MAX_DURATION_S = '3600';
    const allowed = await requestDownload(media.info.id, 'mp4-720');
    expect(allowed.status).toBe(200);
    await allowed.body!.cancel();
    process.env.MAX_DURATION_S = '5';
    const res = await requestDownload(media.info.id, 'mp4-720');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'too_long', error: 'This media is longer than the 5 second limit' });
  });

  it('says "the 3 hour limit" for the default', async () => {
    const media = await analyze(env.site, '/video.mp4?limit=2');
    process.env.MAX_DURATION_S = String(10800);
    media.info.duration = 4 * 3600;
    const res = await requestDownload(media.info.id, 'mp4-720');
    expect(await res.json()).toMatchObject({ code: 'too_long', error: 'This media is longer than the 3 hour limit' });
  });

  it('refuses files over MAX_FILESIZE_BYTES with too_large (413), passthrough and prepared alike', async () => {
    const media = await analyze(env.site, '/video.mp4?limit=3');
    process.env.MAX_FILESIZE_BYTES = '100000';
    const direct = await requestDownload(media.info.id, 'mp4-720');
    expect(direct.status).toBe(413);
    expect(await direct.json()).toMatchObject({ code: 'too_large' });
    const hls = await analyze(env.site, '/hls/master.m3u8?limit=3');
    const merged = await requestDownload(hls.info.id, 'mp4-1080');
    expect(merged.status).toBe(413);
  });

  it('cuts a passthrough off past MAX_FILESIZE_BYTES when the origin sends no length, and stops reading the origin', async () => {
    const media = await analyze(env.site, '/video.mp4?chunked=1&limit=7');
    process.env.MAX_FILESIZE_BYTES = '200000';
    env.site.setSwitches({ throttle: 256 * 1024 }); // the whole 3 MB would take 12 s
    const res = await requestDownload(media.info.id, 'mp4-720');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBeNull();
    const reader = res.body!.getReader();
    let received = 0;
    const ending = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'complete';
        received += value.length;
      }
    })().catch((error: unknown) => error);
    // The body fails rather than ending: a client cannot take the first 200 kB for the whole file.
    expect(ending).toMatchObject({ code: 'too_large' });
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThanOrEqual(200_000);
    await until(() => passthroughStats.open === 0 && env.site.stats.open === 0, 3000);
  });

  it('caps concurrent downloads per client (429 too_many_downloads) and frees the slot when a body ends', async () => {
    process.env.MAX_DOWNLOADS_PER_IP = '1';
    const media = await analyze(env.site, '/video.mp4?limit=4');
    const held = await requestDownload(media.info.id, 'mp4-720');
    const refused = await requestDownload(media.info.id, 'mp4-720');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'too_many_downloads' });
    await held.body!.cancel();
    const next = await requestDownload(media.info.id, 'mp4-720');
    expect(next.status).toBe(200);
    await bodyOf(next);
    const again = await requestDownload(media.info.id, 'mp4-720');
    expect(again.status).toBe(200);
    await again.body!.cancel();
  });

  it('counts the address our proxy appended to X-Forwarded-For, only behind a trusted proxy', async () => {
    process.env.MAX_DOWNLOADS_PER_IP = '1';
    const media = await analyze(env.site, '/video.mp4?limit=5');
    const from = (ip: string, forged = '10.0.0.1') => ({ headers: { ...fromPeer(), 'x-forwarded-for': `${forged}, ${ip}` } });
    const a = await requestDownload(media.info.id, 'mp4-720', from('203.0.113.1'));
    expect((await requestDownload(media.info.id, 'mp4-720', from('203.0.113.2'))).status).toBe(429);
    await a.body!.cancel();
    process.env.TRUST_PROXY = '1';
    const b = await requestDownload(media.info.id, 'mp4-720', from('203.0.113.1'));
    const c = await requestDownload(media.info.id, 'mp4-720', from('203.0.113.2'));
    expect([b.status, c.status]).toEqual([200, 200]);
    expect((await requestDownload(media.info.id, 'mp4-720', from('203.0.113.1'))).status).toBe(429);
    // A caller who rotates what it writes in front is still the same caller.
    expect((await requestDownload(media.info.id, 'mp4-720', from('203.0.113.1', '198.51.100.77'))).status).toBe(429);
    await Promise.all([b.body!.cancel(), c.body!.cancel()]);
  });

  it('refuses a live stream', async () => {
    const media = await analyze(env.site, '/video.mp4?limit=6');
    media.extraction.isLive = true;
    const res = await requestDownload(media.info.id, 'mp4-720');
    expect(await res.json()).toMatchObject({ code: 'live_not_supported' });
  });
});
