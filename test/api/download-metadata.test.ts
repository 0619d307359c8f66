import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topLevelBoxes } from '@/test/fixtures/mp4-boxes';
import { analyze, bodyOf, requestDownload, startDownloadEnv } from './download.testkit';
import { saveAndProbe } from './media-probe.testkit';

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
  return { body, ...(await saveAndProbe(outDir, name, body)) };
}

const covers = (probe: Awaited<ReturnType<typeof saveAndProbe>>['probe']) => probe.streams.filter((s) => s.disposition?.attached_pic === 1);

/** ID3v2 frames by id, read from the tag's header (v2.3: 4-byte id, 4-byte big-endian size, 2 flag bytes). */
function id3Frames(body: Buffer): { version: number; frames: string[] } {
  expect(body.toString('latin1', 0, 3)).toBe('ID3');
  const size = ((body[6] & 0x7f) << 21) | ((body[7] & 0x7f) << 14) | ((body[8] & 0x7f) << 7) | (body[9] & 0x7f);
  const frames: string[] = [];
  for (let at = 10; at + 10 <= 10 + size; ) {
    const id = body.toString('latin1', at, at + 4);
    if (!/^[A-Z0-9]{4}$/.test(id)) break;
    frames.push(id);
    at += 10 + body.readUInt32BE(at + 4);
  }
  return { version: body[3], frames };
}

describe('the media\'s details in the file, on by default', () => {
  it('MP3: ID3v2.3 title, the source as publisher and comment, and the thumbnail as APIC', async () => {
    const media = await analyze(env.site, '/pages/og-video.html');
    const mp3 = [...media.plans.values()].find((p) => p.container === 'mp3')!;
    const { body, probe } = await fetchFile(media.info.id, mp3.itag, 'tagged.mp3');
    expect(probe.format.tags).toMatchObject({ title: 'OG video fixture', publisher: '127.0.0.1' });
    expect(probe.format.tags?.comment).toBe(`127.0.0.1: ${env.site.origin}/pages/og-video.html`);
    const { version, frames } = id3Frames(body);
    expect(version).toBe(3);
    // ffmpeg writes the comment as a TXXX frame named "comment"; the page has no uploader or date to write.
    expect(frames).toEqual(expect.arrayContaining(['TIT2', 'TPUB', 'TXXX', 'APIC']));
    expect(frames).not.toContain('TPE1');
    expect(covers(probe)).toHaveLength(1);
    expect(covers(probe)[0].codec_name).toBe('mjpeg');
    // The sound is still the only audio stream and the cover does not change the duration.
    expect(probe.streams.filter((s) => s.codec_type === 'audio')).toHaveLength(1);
    expect(Math.abs(Number(probe.format.duration) - 6)).toBeLessThanOrEqual(0.1);
  });

  it('M4A: the same tags and the cover as covr, still faststart', async () => {
    const media = await analyze(env.site, '/pages/og-video.html');
    const { body, probe } = await fetchFile(media.info.id, 'm4a', 'tagged.m4a');
    expect(probe.format.tags).toMatchObject({ title: 'OG video fixture', comment: `127.0.0.1: ${env.site.origin}/pages/og-video.html` });
    expect(covers(probe)).toHaveLength(1);
    expect(body.includes(Buffer.from('covr'))).toBe(true);
    const boxes = topLevelBoxes(body).map((b) => b.type);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  });

  it('a prepared video (HLS merged into MP4) carries the title and source, and no cover', async () => {
    const media = await analyze(env.site, '/pages/hls-page.html');
    const plan = [...media.plans.values()].find((p) => p.container === 'mp4' && !p.messaging)!;
    const { probe } = await fetchFile(media.info.id, plan.itag, 'tagged.mp4');
    expect(probe.format.tags).toMatchObject({ title: 'HLS page fixture' });
    expect(probe.format.tags?.comment).toContain('/pages/hls-page.html');
    expect(covers(probe)).toHaveLength(0);
  });

  it('the publication day a page states (JSON-LD uploadDate) becomes the date tag', async () => {
    const media = await analyze(env.site, '/pages/jsonld-video.html');
    expect(media.extraction.uploadDate).toBe('2024-05-01');
    const { probe, body } = await fetchFile(media.info.id, 'm4a', 'dated.m4a');
    expect(probe.format.tags?.date).toBe('2024-05-01');
    const mp3 = [...media.plans.values()].find((p) => p.container === 'mp3')!;
    const tagged = await fetchFile(media.info.id, mp3.itag, 'dated.mp3');
    expect(tagged.probe.format.tags?.date).toMatch(/^2024/);
    expect(body.length).toBeGreaterThan(0);
  });

  it('embedMetadata=false: no tags of ours and no cover', async () => {
    const media = await analyze(env.site, '/pages/og-video.html');
    const mp3 = [...media.plans.values()].find((p) => p.container === 'mp3')!;
    const { probe } = await fetchFile(media.info.id, mp3.itag, 'bare.mp3', { embedMetadata: 'false' });
    expect(probe.format.tags?.title).toBeUndefined();
    expect(probe.format.tags?.comment).toBeUndefined();
    expect(covers(probe)).toHaveLength(0);
    const m4a = await fetchFile(media.info.id, 'm4a', 'bare.m4a', { embedMetadata: '0' });
    expect(m4a.probe.format.tags?.title).toBeUndefined();
    expect(covers(m4a.probe)).toHaveLength(0);
  });

  it('a thumbnail the guard refuses (cloud metadata address) is simply left out: the file is made without a cover', async () => {
    const media = await analyze(env.site, '/pages/private-thumbnail.html');
    const mp3 = [...media.plans.values()].find((p) => p.container === 'mp3')!;
    const { probe } = await fetchFile(media.info.id, mp3.itag, 'uncovered.mp3');
    expect(probe.format.tags?.title).toBe('Private thumbnail fixture');
    expect(covers(probe)).toHaveLength(0);
  });

  it('a bad flag is a 400', async () => {
    const media = await analyze(env.site, '/pages/og-video.html');
    const res = await requestDownload(media.info.id, 'm4a', { query: { embedMetadata: 'maybe' } });
    expect(res.status).toBe(400);
  });
});
