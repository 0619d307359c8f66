import { copyFile, readFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepPlayable, localReader } from '@/lib/media/deliver/prepare/as-is';
import { mp4Layout } from '@/lib/media/formats/mp4-layout';
import type { OfferPlan } from '@/lib/media/offers';
import { FIXTURE_SITE_DIR } from '@/test/fixtures/media';
import { topLevelBoxes } from '@/test/fixtures/mp4-boxes';
import { analyze, bodyOf, requestDownload, sha256, startDownloadEnv } from './download.testkit';
import { ffprobeFile, saveAndProbe } from './media-probe.testkit';
import { ffmpeg } from '@/test/fixtures/run-tool';

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let outDir: string;
beforeAll(async () => {
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '1000' });
  outDir = mkdtempSync(path.join(env.root, 'out-'));
}, 300_000);
const table: string[] = [];
afterAll(async () => {
  if (table.length) console.log(['source | source boxes | delivered boxes | duration | streams', ...table].join('\n'));
  await env?.close();
});

const site = (name: string) => path.join(FIXTURE_SITE_DIR, name);
const boxesOf = (data: Buffer) => topLevelBoxes(data).map((b) => b.type);

/** The MP4 offer the analysis plans to pass through untouched. */
async function passthroughOffer(name: string): Promise<{ mediaId: string; plan: OfferPlan }> {
  const media = await analyze(env.site, `/${name}`);
  const plan = [...media.plans.values()].find((p) => p.container === 'mp4' && p.action === 'passthrough' && !p.messaging);
  expect(plan, `${name}: no passthrough MP4 offer`).toBeDefined();
  return { mediaId: media.info.id, plan: plan! };
}

describe('a source MP4 is passed through only when it is faststart', () => {
  const moovLast = (boxes: string[]) => boxes.indexOf('mdat') < boxes.indexOf('moov');
  it.each([
    ['moov-last.mp4', moovLast],
    ['fragmented.mp4', (boxes: string[]) => boxes.includes('moof')],
    // An origin that ignores Range and sends no length: the head alone shows the media data first.
    ['moov-last.mp4?chunked=1', moovLast],
  ])('%s is delivered remuxed: ftyp, moov before the one mdat, no fragments, duration set, streams copied', async (urlName, sourceShape) => {
    const name = urlName.replace(/\?.*/, '');
    const source = await readFile(site(name));
    expect(sourceShape(boxesOf(source)), `${name} is not the shape it should test`).toBe(true);
    const { mediaId, plan } = await passthroughOffer(urlName);
    const res = await requestDownload(mediaId, plan.itag);
    const body = await bodyOf(res);
    expect(res.status, body.subarray(0, 200).toString()).toBe(200);
    const boxes = boxesOf(body);
    expect(boxes[0]).toBe('ftyp');
    expect(boxes.indexOf('moov')).toBeGreaterThan(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(boxes.filter((b) => b === 'mdat')).toHaveLength(1);
    expect(boxes).not.toContain('moof');
    const { probe } = await saveAndProbe(outDir, name, body);
    expect(Math.abs(Number(probe.format.duration) - 6)).toBeLessThanOrEqual(0.1);
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    table.push(`${urlName} | ${boxesOf(source).slice(0, 6).join(' ')}… | ${boxes.join(' ')} | ${probe.format.duration} s | ${probe.streams.map((s) => s.codec_name).join('+')}`);
  });

  it('a faststart MP4 is still streamed from the origin byte for byte', async () => {
    const source = await readFile(site('video.mp4'));
    const { mediaId, plan } = await passthroughOffer('video.mp4');
    const res = await requestDownload(mediaId, plan.itag);
    const body = await bodyOf(res);
    expect(res.status).toBe(200);
    expect(sha256(body)).toBe(sha256(source));
    table.push(`video.mp4 | ${boxesOf(source).join(' ')} | byte for byte (sha256 equal) | — | —`);
  });
});

describe('layout of a fetched file', () => {
  it('reads faststart, index last and fragmented from the top-level boxes; anything else is unknown', async () => {
    expect(await mp4Layout(localReader(site('video.mp4')))).toBe('faststart');
    expect(await mp4Layout(localReader(site('moov-last.mp4')))).toBe('moov-last');
    expect(await mp4Layout(localReader(site('fragmented.mp4')))).toBe('fragmented');
    expect(await mp4Layout(localReader(site('video.webm')))).toBe('unknown');
  });

  it('a prepared passthrough (a download job) keeps a faststart file as it is and remuxes the others in place', async () => {
    const plan = { container: 'mp4' } as OfferPlan;
    const kept = path.join(outDir, 'kept.mp4');
    await copyFile(site('video.mp4'), kept);
    await keepPlayable(plan, kept, new AbortController().signal);
    expect(sha256(await readFile(kept))).toBe(sha256(await readFile(site('video.mp4'))));
    for (const name of ['moov-last.mp4', 'fragmented.mp4']) {
      const file = path.join(outDir, `job-${name}`);
      await copyFile(site(name), file);
      await keepPlayable(plan, file, new AbortController().signal);
      expect(await mp4Layout(localReader(file)), name).toBe('faststart');
    }
  });

  it('an M4A with its index last and a cover picture is remuxed (ipod muxer) keeping sound, cover and tags', async () => {
    const file = path.join(outDir, 'moov-last.m4a');
    await ffmpeg(['-i', site('audio.m4a'), '-i', site('image.jpg'), '-map', '0:a', '-map', '1:v', '-c', 'copy', '-disposition:v', 'attached_pic',
      '-metadata', 'title=Cover test', file]);
    expect(await mp4Layout(localReader(file))).toBe('moov-last');
    await keepPlayable({ container: 'm4a' } as OfferPlan, file, new AbortController().signal);
    expect(await mp4Layout(localReader(file))).toBe('faststart');
    const probe = await ffprobeFile(file);
    expect(probe.streams.map((s) => `${s.codec_type}:${s.codec_name}:${s.disposition?.attached_pic ?? 0}`).sort()).toEqual(['audio:aac:0', 'video:mjpeg:1']);
    expect(probe.format.tags?.title).toBe('Cover test');
    expect(Math.abs(Number(probe.format.duration) - 5)).toBeLessThanOrEqual(0.1);
  });
});
