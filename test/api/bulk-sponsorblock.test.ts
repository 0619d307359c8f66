import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkStarted } from '@/lib/bulk/schemas';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { chapterMediaUrlPath } from '@/test/fixtures/chapter-media';
import { STUB_VIDEO_ID } from '@/test/fixtures/sponsorblock-stub';
import { batchFinished, idOf, postBulk } from './bulk.testkit';
import { bodyOf, requestDownload, startDownloadEnv } from './download.testkit';
import { saveAndProbe } from './media-probe.testkit';

/** A batch's SponsorBlock lists reach every YouTube item's file and its link. */
let env: Awaited<ReturnType<typeof startDownloadEnv>>;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '100' });
  process.env.SPONSORBLOCK_URL = env.site.origin;
}, 300_000);
afterAll(async () => env?.close());


describe('a batch with SponsorBlock lists', () => {
  it('cuts the removed category out of a YouTube item, and its link names the lists', async () => {
    const url = `${env.site.origin}${chapterMediaUrlPath(20, 'talk.mp4')}?bulk=sb`;
    const media = await analyzeMedia(url, { engine: 'auto' });
    Object.assign(media.extraction, { platform: 'youtube', id: STUB_VIDEO_ID });
    const res = await postBulk({ urls: [url], format: 'mp4', sponsorMark: [], sponsorRemove: ['sponsor', 'selfpromo'] });
    const json = (await res.json()) as { data: BulkStarted };
    expect(res.status, JSON.stringify(json)).toBe(200);
    const batch = await batchFinished(json.data);
    const [item] = batch.items;
    expect(item.status, item.message).toBe('completed');
    const link = new URL(item.downloadUrl!, 'http://localhost');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ sponsorMark: '', sponsorRemove: 'sponsor,selfpromo' });
    const file = await requestDownload(idOf(item.downloadUrl!), link.searchParams.get('itag')!, { query: Object.fromEntries([...link.searchParams].filter(([k]) => k !== 'itag')) });
    const { probe } = await saveAndProbe(env.root, 'bulk-sb.mp4', await bodyOf(file));
    expect(Math.abs(Number(probe.format.duration) - 16)).toBeLessThanOrEqual(0.2);
  });
});
