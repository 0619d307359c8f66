import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAnalysisStore, sharedAnalysisStore } from '@/lib/media/analyze';
import { redisTextStore } from '@/lib/redis/text-store';
import { services } from '@/lib/server';
import { analyze, bodyOf, probeBody, requestDownload, sha256, startDownloadEnv } from '@/test/api/download.testkit';
import { dropPrefix, REDIS_SKIP_REASON, testPrefix, testRedisUrl } from '@/test/redis-server';

/**
 * Two nodes over one FILE_STORE_DIR, each with a TEMP_DIR of its own: a file one node prepared (fetched and
 * converted) is served by the other without fetching or converting anything again.
 */
let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let shared: string;

beforeAll(async () => {
  env = await startDownloadEnv();
  shared = path.join(env.root, 'shared-store');
  process.env.FILE_STORE_DIR = shared;
});
afterAll(async () => {
  setAnalysisStore(undefined);
  await env.close();
});

/**
 * This process becomes a node of its own: another work folder, and services wired again (their preparations
 * know nothing of the other node's). `joined` runs once the node is up, as a node's own start-up would.
 */
function becomeNode(name: string, joined: () => void): void {
  const state = globalThis as { __grablinePreparations?: unknown; __grablineServices?: unknown };
  delete state.__grablinePreparations;
  delete state.__grablineServices;
  process.env.TEMP_DIR = path.join(env.root, name);
  mkdirSync(process.env.TEMP_DIR, { recursive: true });
  services();
  joined();
}

const preparations = () => services().engine.preparations;

async function prepareOnOneServeOnTheOther(urlPath: string, joined: () => void = () => {}) {
  becomeNode('node-a', joined);
  const media = await analyze(env.site, urlPath);
  const first = await requestDownload(media.info.id, 'webm-720');
  expect(first.status).toBe(200);
  const bodyA = await bodyOf(first);
  expect(preparations().started).toBe(1);
  // Only the finished file went to the store: node A's work folder is empty again.
  expect(readdirSync(path.join(env.root, 'node-a'))).toEqual([]);

  becomeNode('node-b', joined);
  const hits = env.site.stats.requests;
  const second = await requestDownload(media.info.id, 'webm-720');
  expect(second.status).toBe(200);
  const bodyB = await bodyOf(second);
  expect(sha256(bodyB)).toBe(sha256(bodyA));
  expect(preparations().started).toBe(0);
  expect(env.site.stats.requests).toBe(hits);
  const ranged = await requestDownload(media.info.id, 'webm-720', { headers: { range: 'bytes=100-1099' } });
  expect(ranged.status).toBe(206);
  expect(ranged.headers.get('content-range')).toBe(`bytes 100-1099/${bodyA.length}`);
  expect((await bodyOf(ranged)).equals(bodyA.subarray(100, 1100))).toBe(true);
  return { bodyB };
}

describe('prepared files in FILE_STORE_DIR', () => {
  it('a webm prepared on node A is served by node B, whole and by range, byte for byte', async () => {
    const { bodyB } = await prepareOnOneServeOnTheOther('/video.mp4?store=1');
    const probe = await probeBody(env.root, 'from-b.webm', bodyB);
    expect(probe.formatName).toContain('webm');
    expect(probe.duration).toBeGreaterThan(1);
  });

  (testRedisUrl ? it : it.skip)(testRedisUrl ? 'with Redis too, node B needs neither the analysis nor the file of its own'
    : `with Redis too, node B needs neither the analysis nor the file of its own — ${REDIS_SKIP_REASON}`, async () => {
    const prefix = testPrefix();
    const client = new Redis(testRedisUrl!);
    const register = () => setAnalysisStore(sharedAnalysisStore(redisTextStore(client, `${prefix}analysis:`)));
    try {
      // Each node reads the analyses from Redis; node B's memory never held this one.
      await prepareOnOneServeOnTheOther('/video.mp4?store=2', () => {
        delete (globalThis as { __grablineAnalysis?: unknown }).__grablineAnalysis;
        register();
      });
    } finally {
      setAnalysisStore(undefined);
      client.disconnect();
      await dropPrefix(testRedisUrl!, prefix);
    }
  });
});
