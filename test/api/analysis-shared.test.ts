import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAnalyses, getAnalyzed, loadAnalyzed, setAnalysisStore, sharedAnalysisStore, type AnalyzedMedia } from '@/lib/media/analyze';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { decodeAnalysis, encodeAnalysis } from '@/lib/media/analyze/analysis-codec';
import { createRedis } from '@/lib/redis/connection';
import { redisTextStore } from '@/lib/redis/text-store';
import { services } from '@/lib/server';
import { bodyOf, requestDownload, sha256, startDownloadEnv } from '@/test/api/download.testkit';
import { dropPrefix, REDIS_SKIP_REASON, testPrefix, testRedisUrl } from '@/test/redis-server';

/**
 * Finished analyses: the same rules in this process's memory (the default) and in a shared Redis store (TTL,
 * errors never kept), and with Redis a node that never analysed a link finds the analysis another node made.
 */
let env: Awaited<ReturnType<typeof startDownloadEnv>>;
const prefix = testPrefix();
let client: Redis | undefined;

beforeAll(async () => {
  env = await startDownloadEnv();
  // The routes' services are wired first, as a server's are at start-up: wiring registers the process's own store,
  // which the cases below then replace with theirs.
  services();
  if (testRedisUrl) client = new Redis(testRedisUrl);
});
afterAll(async () => {
  setAnalysisStore(undefined);
  client?.disconnect();
  if (testRedisUrl) await dropPrefix(testRedisUrl, prefix);
  await env.close();
});

const namespace = `${prefix}analysis:`;
const sharedStore = () => sharedAnalysisStore(redisTextStore(client!, namespace));
/** A process that has never seen an analysis: what another node is. */
const becomeAnotherNode = () => delete (globalThis as { __grablineAnalysis?: unknown }).__grablineAnalysis;

const stores: Array<{ name: string; register: () => void }> = [{ name: 'memory', register: () => setAnalysisStore(undefined) }];
if (testRedisUrl) stores.push({ name: 'redis', register: () => setAnalysisStore(sharedStore()) });

describe.each(stores)('analyses kept in $name', ({ name, register }) => {
  let n = 0;
  const url = () => `${env.site.origin}/video.mp4?store=${name}-${++n}`;
  const analyse = (link: string) => analyzeMedia(link, { engine: 'native' });
  beforeEach(async () => {
    becomeAnotherNode();
    register();
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    env.site.resetSwitches();
    await clearAnalyses();
  });

  it('answers a second request for the link from the store, by key and by media id', async () => {
    const link = url();
    const first = await analyse(link);
    const hits = env.site.stats.requests;
    const again = await analyse(link);
    expect(env.site.stats.requests).toBe(hits);
    expect(again.info).toEqual(first.info);
    expect(getAnalyzed(first.info.id)?.info.id).toBe(first.info.id);
    expect((await loadAnalyzed(first.info.id))?.plans.size).toBe(first.plans.size);
  });

  it('never keeps an error: the link is analysed again once the site answers', async () => {
    const link = url();
    env.site.setSwitches({ status: 500 });
    await expect(analyse(link)).rejects.toMatchObject({ code: expect.any(String) });
    env.site.resetSwitches();
    const hits = env.site.stats.requests;
    const media = await analyse(link);
    expect(env.site.stats.requests).toBeGreaterThan(hits);
    expect(media.info.formats.length).toBeGreaterThan(0);
  });

  it('forgets an analysis after ANALYSIS_TTL_MS', async () => {
    vi.stubEnv('ANALYSIS_TTL_MS', '400');
    const link = url();
    const media = await analyse(link);
    expect(await loadAnalyzed(media.info.id)).toBeDefined();
    await new Promise((r) => setTimeout(r, 500));
    expect(await loadAnalyzed(media.info.id)).toBeUndefined();
    const hits = env.site.stats.requests;
    await analyse(link);
    expect(env.site.stats.requests).toBeGreaterThan(hits);
  });
});

describe('a shared store that does not answer', () => {
  it('analyses here all the same, and a download it would have to look up is 503 unavailable, not an expired link', async () => {
    const down = createRedis('down', { maxRetriesPerRequest: 0 }, 'redis://127.0.0.1:1');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      becomeAnotherNode();
      setAnalysisStore(sharedAnalysisStore(redisTextStore(down, 'down:')));
      const media = await analyzeMedia(`${env.site.origin}/video.mp4?down=1`, { engine: 'native' });
      expect(media.info.formats.length).toBeGreaterThan(0);
      becomeAnotherNode();
      setAnalysisStore(sharedAnalysisStore(redisTextStore(down, 'down:')));
      const res = await requestDownload(media.info.id, media.info.formats[0].itag);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'unavailable' });
    } finally {
      vi.restoreAllMocks();
      setAnalysisStore(undefined);
      down.disconnect();
    }
  });
});

describe('the analysis as JSON', () => {
  it('comes back equal: plans stay a Map, a bigint stays a bigint', async () => {
    setAnalysisStore(undefined);
    const media: AnalyzedMedia = await analyzeMedia(`${env.site.origin}/video.mp4?codec=1`, { engine: 'native' });
    const extraction = { ...media.extraction, huge: 2n ** 70n } as AnalyzedMedia['extraction'];
    const entry = { key: 'native:x', media: { ...media, extraction }, expiresAt: 123 };
    const back = decodeAnalysis(encodeAnalysis(entry));
    expect(back.media.plans).toBeInstanceOf(Map);
    expect([...back.media.plans.keys()]).toEqual([...media.plans.keys()]);
    expect(back.media.extraction).toEqual(entry.media.extraction);
    expect(back.media.plans).toEqual(media.plans);
    expect(back.media.info).toEqual(media.info);
    expect((back.media.extraction as unknown as { huge: bigint }).huge).toBe(2n ** 70n);
  });
});

(testRedisUrl ? describe : describe.skip)(testRedisUrl ? 'analyses shared between nodes' : `analyses shared between nodes — ${REDIS_SKIP_REASON}`, () => {
  afterEach(async () => {
    vi.unstubAllEnvs();
    await clearAnalyses();
  });

  it('a node that never analysed the link finds it by key and by id, and serves its download', async () => {
    becomeAnotherNode();
    setAnalysisStore(sharedStore());
    const media = await analyzeMedia(`${env.site.origin}/video.mp4?nodes=1`, { engine: 'native' });
    const ttl = await client!.pttl(`${namespace}${media.info.id}`);
    expect(ttl).toBeGreaterThan(3_590_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);

    becomeAnotherNode();
    setAnalysisStore(sharedStore());
    expect(getAnalyzed(media.info.id)).toBeUndefined();
    const hits = env.site.stats.requests;
    const res = await requestDownload(media.info.id, media.info.formats[0].itag);
    expect(res.status).toBe(200);
    const direct = Buffer.from(await (await fetch(`${env.site.origin}/video.mp4`)).arrayBuffer());
    expect(sha256(await bodyOf(res))).toBe(sha256(direct));

    becomeAnotherNode();
    setAnalysisStore(sharedStore());
    const again = await analyzeMedia(`${env.site.origin}/video.mp4?nodes=1`, { engine: 'native' });
    expect(again.info).toEqual(media.info);
    // The download read the file's box layout (one ranged request: faststart, so passed through) and fetched the
    // file; then the direct fetch; the second analysis fetched nothing.
    expect(env.site.stats.requests).toBe(hits + 3);
  });

  it('without a shared store, the other node does not know the link (the embedded default)', async () => {
    becomeAnotherNode();
    setAnalysisStore(undefined);
    const media = await analyzeMedia(`${env.site.origin}/video.mp4?nodes=2`, { engine: 'native' });
    becomeAnotherNode();
    const res = await requestDownload(media.info.id, media.info.formats[0].itag);
    expect(res.status).toBe(404);
  });

  it('an entry that does not decode is treated as absent', async () => {
    const store = sharedStore();
    await client!.set(`${namespace}broken`, '{not json', 'PX', 10_000);
    expect(await store.get('broken')).toBeUndefined();
  });
});
