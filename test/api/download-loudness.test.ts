import { mkdtempSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLoudness, streamDigest } from '@/lib/media/loudness/loudness.testkit';
import { MAX_TRUE_PEAK, TARGET_LUFS } from '@/lib/media/loudness/targets';
import { analyze, bodyOf, requestDownload, startDownloadEnv } from './download.testkit';

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let outDir: string;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '1000' });
  outDir = mkdtempSync(path.join(env.root, 'out-'));
});
afterAll(() => env?.close());

async function fetchFile(mediaId: string, itag: string, name: string, query: Record<string, string> = {}) {
  const res = await requestDownload(mediaId, itag, { query });
  const body = await bodyOf(res);
  expect(res.status, body.subarray(0, 200).toString()).toBe(200);
  const file = path.join(outDir, name);
  await writeFile(file, body);
  return file;
}

describe('loudness= on a download: two-pass EBU R128, read back by ebur128', () => {
  it('an MP3 made from the video reaches each target within 1 LU, its true peak at most -1 dBTP', async () => {
    const media = await analyze(env.site, '/pages/og-video.html');
    const mp3 = [...media.plans.values()].find((p) => p.container === 'mp3')!;
    const source = await readLoudness(await fetchFile(media.info.id, mp3.itag, 'as-is.mp3'));
    for (const target of ['streaming', 'podcast'] as const) {
      expect(Math.abs(source.integrated - TARGET_LUFS[target])).toBeGreaterThan(1.5);
      const read = await readLoudness(await fetchFile(media.info.id, mp3.itag, `${target}.mp3`, { loudness: target }));
      expect(Math.abs(read.integrated - TARGET_LUFS[target]), `${target}: ${read.integrated} LUFS`).toBeLessThanOrEqual(1);
      expect(read.truePeak).toBeLessThanOrEqual(MAX_TRUE_PEAK);
    }
  }, 60_000);

  it('a video keeps its picture packet for packet: only the sound is re-encoded', async () => {
    const media = await analyze(env.site, '/pages/og-video.html');
    const mp4 = [...media.plans.values()].find((p) => p.kind === 'video' && p.container === 'mp4' && !p.messaging)!;
    const plain = await fetchFile(media.info.id, mp4.itag, 'plain.mp4');
    const even = await fetchFile(media.info.id, mp4.itag, 'podcast.mp4', { loudness: 'podcast' });
    expect(await streamDigest(even, 'v:0')).toBe(await streamDigest(plain, 'v:0'));
    expect(Math.abs((await readLoudness(even)).integrated - TARGET_LUFS.podcast)).toBeLessThanOrEqual(1);
  }, 60_000);

  it('off (or nothing said) leaves the sound as the source has it', async () => {
    const media = await analyze(env.site, '/pages/og-video.html');
    const a = await readLoudness(await fetchFile(media.info.id, 'm4a', 'none.m4a'));
    const b = await readLoudness(await fetchFile(media.info.id, 'm4a', 'off.m4a', { loudness: 'off' }));
    expect(Math.abs(a.integrated - b.integrated)).toBeLessThan(0.2);
  }, 60_000);

  it('refuses a loudness it does not know with a 400 that names the choices', async () => {
    const media = await analyze(env.site, '/pages/og-video.html');
    const res = await requestDownload(media.info.id, 'm4a', { query: { loudness: 'loud' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/loudness must be one of off, streaming, podcast, broadcast/);
  });
});
