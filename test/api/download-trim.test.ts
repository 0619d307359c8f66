import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SITE_DIR } from '@/test/fixtures/media';
import { ensureSegmentedDash, ensureSegmentedHls, segmentedDashUrlPath, segmentedHlsUrlPath } from '@/test/fixtures/bench-media';
import { analyze, bodyOf, requestDownload, startDownloadEnv } from './download.testkit';
import { keyframeTimes, saveAndProbe, videoPackets } from './media-probe.testkit';

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let outDir: string;
beforeAll(async () => {
  await Promise.all([ensureSegmentedHls(200), ensureSegmentedDash(60)]);
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '1000' });
  outDir = mkdtempSync(path.join(env.root, 'out-'));
}, 300_000);
const table: string[] = [];
afterAll(async () => {
  if (table.length) console.log(['case | duration (asked) | first packet | segments fetched', ...table].join('\n'));
  await env?.close();
});

async function cut(mediaId: string, itag: string, query: Record<string, string>, name: string) {
  const res = await requestDownload(mediaId, itag, { query });
  const body = await bodyOf(res);
  expect(res.status, body.subarray(0, 300).toString()).toBe(200);
  const saved = await saveAndProbe(outDir, name, body);
  const first = saved.probe.streams.some((s) => s.codec_type === 'video') ? (await videoPackets(saved.file))[0] : undefined;
  table.push(`${name} | ${Number(saved.probe.format.duration).toFixed(3)} s (${query.start}–${query.end}${query.exact ? ' exact' : ''}) | ${first ? (first.key ? 'keyframe' : 'not a keyframe') : 'audio'}`);
  return { res, ...saved };
}

const codeOf = async (res: Response) => ({ status: res.status, code: ((await res.json()) as { code: string }).code });

/** Segment requests the fixture answered for a path prefix, since the counter was last read. */
function segmentHits(prefix: string, since: Map<string, number>): number {
  let hits = 0;
  for (const [at, n] of env.site.stats.byPath) if (at.startsWith(prefix) && /\.(ts|m4s)$/.test(at) && !/init/.test(at)) hits += n - (since.get(at) ?? 0);
  return hits;
}

describe('a cut of a progressive file (6 s, keyframes every 2 s)', () => {
  it('exact=1 delivers the range to within 0.1 s, on the exact frame', async () => {
    const media = await analyze(env.site, '/video.mp4?trim=exact');
    const { probe, res } = await cut(media.info.id, 'mp4-720', { start: '1.3', end: '0:03.7', exact: '1' }, 'exact.mp4');
    expect(Math.abs(Number(probe.format.duration) - 2.4)).toBeLessThanOrEqual(0.1);
    const video = probe.streams.find((s) => s.codec_type === 'video')!;
    expect(Math.abs(Number(video.duration) - 2.4)).toBeLessThanOrEqual(0.1);
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(res.headers.get('content-disposition')).toContain('video (1.3-3.7 s).mp4');
  });

  it('a copy starts on the keyframe at or before start and ends at end', async () => {
    const sourceKeys = await keyframeTimes(path.join(FIXTURE_SITE_DIR, 'video.mp4'));
    const start = 2.5;
    const end = 4.5;
    const keyframe = Math.max(...sourceKeys.filter((k) => k <= start));
    expect(keyframe).toBeLessThanOrEqual(start);
    const media = await analyze(env.site, '/video.mp4?trim=copy');
    const { probe, file } = await cut(media.info.id, 'mp4-720', { start: String(start), end: String(end) }, 'copy.mp4');
    const packets = await videoPackets(file);
    // A copied cut's first picture is a keyframe: the file decodes from its first byte.
    expect(packets[0].key).toBe(true);
    expect(Math.abs(Number(probe.format.duration) - (end - keyframe))).toBeLessThanOrEqual(0.1);
    // It begins no later than asked and no earlier than the keyframe before.
    expect(Number(probe.format.duration)).toBeGreaterThanOrEqual(end - start - 0.05);
  });

  it('audio offers are cut too', async () => {
    const media = await analyze(env.site, '/video.mp4?trim=audio');
    const mp3 = [...media.plans.values()].find((p) => p.container === 'mp3')!;
    const { probe } = await cut(media.info.id, mp3.itag, { start: '1', end: '3' }, 'cut.mp3');
    expect(probe.streams.filter((s) => s.codec_type === 'audio')).toHaveLength(1);
    expect(Math.abs(Number(probe.format.duration) - 2)).toBeLessThanOrEqual(0.1);
  });

  it.each([
    [{ start: 'abc' }, 'trim_invalid_time'],
    [{ start: '1:75' }, 'trim_invalid_time'],
    [{ start: '3', end: '2' }, 'trim_invalid_range'],
    [{ start: '2', end: '2.05' }, 'trim_invalid_range'],
    [{ start: '1', end: '9' }, 'trim_out_of_bounds'],
    [{ start: '7' }, 'trim_out_of_bounds'],
  ])('%o → 400 %s', async (query, code) => {
    const media = await analyze(env.site, '/video.mp4?trim=bad');
    expect(await codeOf(await requestDownload(media.info.id, 'mp4-720', { query }))).toEqual({ status: 400, code });
  });

  it('a picture cannot be cut: 400 trim_not_supported', async () => {
    const media = await analyze(env.site, '/image.jpg');
    const itag = media.info.formats[0].itag;
    expect(await codeOf(await requestDownload(media.info.id, itag, { query: { start: '1', end: '2' } }))).toEqual({ status: 400, code: 'trim_not_supported' });
  });
});

describe('a cut of a segmented stream fetches only the segments that cover it', () => {
  it('HLS (200 × 1 s): 10.3 s from the middle, exact, within 0.1 s; covering segments + at most one each side', async () => {
    const media = await analyze(env.site, segmentedHlsUrlPath(200));
    const itag = [...media.plans.values()].find((p) => p.container === 'mp4')!.itag;
    const before = new Map(env.site.stats.byPath);
    const { probe } = await cut(media.info.id, itag, { start: '100.3', end: '1:50.6', exact: '1' }, 'hls-cut.mp4');
    expect(Math.abs(Number(probe.format.duration) - 10.3)).toBeLessThanOrEqual(0.1);
    const covering = 110 - 100 + 1;
    const fetched = segmentHits('/hls-seg/200/', before);
    table.push(`HLS 100.3–110.6: ${fetched} segments fetched of 200 (${covering} cover the range)`);
    expect(fetched).toBeGreaterThanOrEqual(covering);
    expect(fetched).toBeLessThanOrEqual(covering + 2);
  }, 120_000);

  it('HLS copy: starts on a keyframe at or before start, ends at end; covering segments + at most one each side', async () => {
    const media = await analyze(env.site, `${segmentedHlsUrlPath(200)}?copy=1`);
    const itag = [...media.plans.values()].find((p) => p.container === 'mp4')!.itag;
    const before = new Map(env.site.stats.byPath);
    const { probe, file } = await cut(media.info.id, itag, { start: '50.5', end: '55' }, 'hls-copy.mp4');
    expect((await videoPackets(file))[0].key).toBe(true);
    // Keyframes every second: the cut starts at 50 s.
    expect(Math.abs(Number(probe.format.duration) - 5)).toBeLessThanOrEqual(0.1);
    // 50.5..55 s lies in segments 50..54 (from 0).
    const fetched = segmentHits('/hls-seg/200/', before);
    table.push(`HLS copy 50.5–55: ${fetched} segments fetched of 200 (5 cover the range)`);
    expect(fetched).toBeGreaterThanOrEqual(5);
    expect(fetched).toBeLessThanOrEqual(5 + 2);
  }, 120_000);

  it('DASH (separate picture and sound, 60 × 1 s): each representation fetches only its covering segments', async () => {
    const media = await analyze(env.site, segmentedDashUrlPath(60));
    const itag = [...media.plans.values()].find((p) => p.container === 'mp4')!.itag;
    const before = new Map(env.site.stats.byPath);
    const { probe } = await cut(media.info.id, itag, { start: '20', end: '25', exact: '1' }, 'dash-cut.mp4');
    expect(Math.abs(Number(probe.format.duration) - 5)).toBeLessThanOrEqual(0.1);
    expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    // 20..25 s lies in segments 21..25 (numbered from 1): five per representation, plus one each side.
    const fetched = segmentHits('/dash-seg/60/', before);
    table.push(`DASH 20–25: ${fetched} segments fetched of 2 × 60 (2 × 5 cover the range)`);
    expect(fetched).toBeGreaterThanOrEqual(2 * 5);
    expect(fetched).toBeLessThanOrEqual(2 * (5 + 2));
  }, 120_000);
});
