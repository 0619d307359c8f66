import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { parseMpd } from '@/lib/media/formats/dash';
import { forgetPlaylists } from '@/lib/media/formats/recent-playlists';
import type { SourceFormat } from '@/lib/media/types';
import { allowOrigins } from '@/lib/net/loopback-server.testkit';
import { ensureFixtureMedia } from '@/test/fixtures/media';
import { startFixtureSite, type FixtureSite } from '@/test/fixtures/server';
import { collect, probeFile, settle } from './download.testkit';
import { openSegmented } from './fetch-segments';

let site: FixtureSite;
let siteDir: string;
let nonce = 0;

const hls = (url: string): SourceFormat => ({ id: 'hls-0', protocol: 'hls', url, vcodec: 'unknown', acodec: 'unknown', engine: 'native' });
const concat = async (dir: string, names: string[]) => Buffer.concat(await Promise.all(names.map((n) => readFile(path.join(siteDir, dir, n)))));
const muxed360 = () => concat('hls-muxed', ['360p_000.ts', '360p_001.ts', '360p_002.ts', '360p_003.ts']);

/** Where probed outputs are written; removed when the file's tests end. */
let probeDir: string | undefined;
async function probeBytes(bytes: Buffer, ext: string) {
  probeDir ??= await mkdtemp(path.join(tmpdir(), 'grabline-seg-'));
  const file = path.join(probeDir, `${++nonce}.${ext}`);
  await writeFile(file, bytes);
  return probeFile(file);
}

beforeAll(async () => {
  site = await startFixtureSite();
  allowOrigins(`127.0.0.1:${site.port}`);
  siteDir = await ensureFixtureMedia();
});
afterEach(() => site.resetSwitches());
afterAll(async () => {
  await site.close();
  if (probeDir) await rm(probeDir, { recursive: true, force: true });
});

describe('openSegmented — HLS', () => {
  it('concatenates a VOD playlist in order, byte-identical to its segments', async () => {
    const progress: number[][] = [];
    const download = await openSegmented(hls(`${site.origin}/hls-muxed/360p.m3u8`), {
      onProgress: (done, total, bytes) => progress.push([done, total, bytes]),
    });
    expect(download).toMatchObject({ segmentCount: 4, kind: 'ts' });
    const bytes = await collect(download.stream);
    expect(bytes.equals(await muxed360())).toBe(true);
    expect(progress.every(([, total]) => total === 4)).toBe(true);
    expect(progress.at(-1)?.[0]).toBe(4);
    const dones = progress.map(([done]) => done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(progress.at(-1)?.[2]).toBe(bytes.length);
  });

  it('moves progress with the bytes of segments still arriving, not only as whole segments finish', async () => {
    site.setSwitches({ throttle: 1024 * 1024 });
    const dones: number[] = [];
    const download = await openSegmented(hls(`${site.origin}/hls-muxed/360p.m3u8`), { onProgress: (done) => dones.push(done) });
    await collect(download.stream);
    const before = dones.filter((done) => done < 1);
    expect(before.length).toBeGreaterThan(2);
    expect(new Set(before).size).toBeGreaterThan(2);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(dones.at(-1)).toBe(4);
  });

  it('decrypts AES-128 into exactly the unencrypted rendition, a valid 8 s TS', async () => {
    const download = await openSegmented(hls(`${site.origin}/hls-aes/360p.m3u8`));
    const bytes = await collect(download.stream);
    expect(bytes.equals(await muxed360())).toBe(true);
    const probe = await probeBytes(bytes, 'ts');
    expect(probe.format).toBe('mpegts');
    expect(probe.duration).toBeGreaterThan(7.5);
  });

  it('fetches the key once for all segments', async () => {
    const before = site.stats.byPath.get('/hls-aes/key.bin') ?? 0;
    await collect((await openSegmented(hls(`${site.origin}/hls-aes/360p.m3u8`))).stream);
    expect((site.stats.byPath.get('/hls-aes/key.bin') ?? 0) - before).toBe(1);
  });

  it("plans from the analysis's own reading of the media playlist when it is fresh, else asks again", async () => {
    forgetPlaylists();
    const master = `${site.origin}/hls-muxed/master.m3u8?n=${++nonce}`;
    const media = await analyzeMedia(master, { engine: 'native' });
    const format = media.extraction.sources.find((f) => f.protocol === 'hls' && f.url.includes('360p'))!;
    const playlistPath = new URL(format.url).pathname;
    const served = () => site.stats.byPath.get(playlistPath) ?? 0;
    const before = served();
    expect(before).toBeGreaterThan(0);
    expect((await collect((await openSegmented(format)).stream)).equals(await muxed360())).toBe(true);
    expect(served()).toBe(before);
    // Not kept (or no longer fresh): read again.
    forgetPlaylists();
    expect((await collect((await openSegmented(format)).stream)).equals(await muxed360())).toBe(true);
    expect(served()).toBe(before + 1);
  });

  it('refuses a live playlist', async () => {
    const result = await settle(openSegmented(hls(`${site.origin}/hls-live/360p.m3u8`)));
    expect(result.error).toMatchObject({ code: 'live_not_finished' });
  });

  it('retries a playlist and every segment that fail once with 503', async () => {
    const download = await openSegmented(hls(`${site.origin}/_sw/fail=1&n=${++nonce}/hls-muxed/360p.m3u8`));
    expect((await collect(download.stream)).equals(await muxed360())).toBe(true);
  });

  it('resumes a segment whose connection drops', async () => {
    const download = await openSegmented(hls(`${site.origin}/_sw/drop=20000&n=${++nonce}/hls-muxed/360p.m3u8`));
    expect((await collect(download.stream)).equals(await muxed360())).toBe(true);
  });
});

describe('openSegmented — DASH', () => {
  async function dashSources(dir: string): Promise<SourceFormat[]> {
    const url = `${site.origin}/${dir}/manifest.mpd`;
    const manifest = parseMpd(await readFile(path.join(siteDir, dir, 'manifest.mpd'), 'utf8'), url);
    return manifest.representations.map((rep) => ({
      id: rep.id, protocol: 'dash', url, vcodec: rep.contentType === 'video' ? rep.codecs ?? 'avc1' : null,
      acodec: rep.contentType === 'audio' ? rep.codecs ?? 'mp4a' : null, container: 'mp4',
      initialization: rep.initialization, fragments: rep.fragments, engine: 'native',
      ...(rep.height ? { height: rep.height } : {}),
    }));
  }

  it.each(['dash', 'dash-timeline', 'dash-single'])('%s: init + fragments make a valid mp4 of the right duration', async (dir) => {
    for (const source of await dashSources(dir)) {
      const download = await openSegmented(source);
      expect(download.kind).toBe('fmp4');
      const probe = await probeBytes(await collect(download.stream), 'mp4');
      expect(probe.format).toContain('mp4');
      expect(Math.abs(probe.duration - 8)).toBeLessThanOrEqual(0.2);
    }
  });

  it('honours fragment byte ranges (SegmentList mediaRange)', async () => {
    const mp4 = await readFile(path.join(siteDir, 'video.mp4'));
    const url = `${site.origin}/video.mp4`;
    const cuts = [0, 100_000, 700_000, 1_500_000, mp4.length];
    const fragments = cuts.slice(0, -1).map((start, i) => ({ url, range: { start, end: cuts[i + 1] - 1 } }));
    const source: SourceFormat = { id: 'd', protocol: 'dash', url, vcodec: 'avc1', acodec: null, fragments, engine: 'native' };
    const download = await openSegmented(source, { concurrency: 2 });
    expect(download).toMatchObject({ segmentCount: 4, kind: 'fmp4' });
    expect((await collect(download.stream)).equals(mp4)).toBe(true);
  });

  it('writes the init segment first, then the fragments in order', async () => {
    const [video] = (await dashSources('dash')).filter((s) => s.height === 360);
    const bytes = await collect((await openSegmented(video, { concurrency: 3 })).stream);
    const files = [video.initialization!, ...video.fragments!].map((f) => path.basename(new URL(f.url).pathname));
    expect(bytes.equals(await concat('dash', files))).toBe(true);
  });
});
