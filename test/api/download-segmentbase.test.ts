import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { readSidx } from '@/lib/media/formats/sidx';
import { ensureStreamFixtures, STREAMS_DIR } from '@/test/fixtures/media-streams';
import { ensureTextStreamFixtures, TEXT_SECONDS, TEXT_STREAMS_DIR } from '@/test/fixtures/media-streams-text';
import { topLevelBoxes } from '@/test/fixtures/mp4-boxes';
import { bodyOf, requestDownload, startDownloadEnv } from './download.testkit';

const run = promisify(execFile);

let env: Awaited<ReturnType<typeof startDownloadEnv>>;
let outDir: string;
beforeAll(async () => {
  await Promise.all([ensureStreamFixtures(), ensureTextStreamFixtures()]);
  env = await startDownloadEnv({ MAX_DOWNLOADS_PER_IP: '1000' });
  outDir = mkdtempSync(path.join(env.root, 'out-'));
}, 300_000);
const table: string[] = [];
afterAll(async () => {
  if (table.length) console.log(['manifest | requests per file | duration | start', ...table].join('\n'));
  await env?.close();
});

/** How many subsegments the file's own sidx lists. */
async function subsegments(file: string): Promise<number> {
  const bytes = await readFile(file);
  const sidx = topLevelBoxes(bytes).find((b) => b.type === 'sidx')!;
  return readSidx(bytes.subarray(sidx.start, sidx.start + sidx.size), sidx.start, file).length;
}

/** Downloads the MP4 offer of `urlPath`, checks the file decodes with the right duration, and returns the hits on each media file. */
async function deliver(urlPath: string, files: string[], seconds: number): Promise<number[]> {
  const media = await analyzeMedia(`${env.site.origin}${urlPath}`, { engine: 'native' });
  const plan = [...media.plans.values()].find((p) => p.kind === 'video' && p.container === 'mp4')!;
  const before = files.map((f) => env.site.stats.byPath.get(f) ?? 0);
  const res = await requestDownload(media.info.id, plan.itag);
  const body = await bodyOf(res);
  expect(res.status, body.toString('utf8', 0, 300)).toBe(200);
  const file = path.join(outDir, `${path.basename(urlPath)}.mp4`);
  await writeFile(file, body);
  const { stderr } = await run('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-f', 'null', '-']);
  expect(stderr.trim()).toBe('');
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration,start_time', '-of', 'csv=p=0', file]);
  const [start, duration] = stdout.trim().split(',').map(Number);
  expect(Math.abs(duration - seconds)).toBeLessThanOrEqual(0.5);
  expect(Math.abs(start)).toBeLessThanOrEqual(0.05);
  const hits = files.map((f, i) => (env.site.stats.byPath.get(f) ?? 0) - before[i]);
  table.push(`${urlPath} | ${hits.join(', ')} | ${duration.toFixed(3)} s | ${start.toFixed(3)}`);
  return hits;
}

describe('DASH SegmentBase: the sidx, then the media by byte ranges', () => {
  it('two periods, each an indexed file with an Initialization range: index + init + one range per subsegment', async () => {
    const files = ['/streams/dash-segmentbase/a.mp4', '/streams/dash-segmentbase/b.mp4'];
    const hits = await deliver('/streams/dash-segmentbase/manifest.mpd', files, 8);
    for (const [i, name] of ['a.mp4', 'b.mp4'].entries()) {
      expect(hits[i]).toBe(2 + (await subsegments(path.join(STREAMS_DIR, 'dash-segmentbase', name))));
    }
  }, 60_000);

  it('indexRange alone: the init segment is every byte before the index', async () => {
    const file = '/streams-text/single/indexed.mp4';
    const [hits] = await deliver('/streams-text/single/indexed.mpd', [file], TEXT_SECONDS);
    const count = await subsegments(path.join(TEXT_STREAMS_DIR, 'single', 'indexed.mp4'));
    expect(count).toBeGreaterThan(1);
    expect(hits).toBe(2 + count);
  }, 60_000);

  it('an unfragmented file by its BaseURL: its size from one byte, then ranges', async () => {
    const [hits] = await deliver('/streams-text/single/whole.mpd', ['/streams-text/single/whole.mp4'], TEXT_SECONDS);
    expect(hits).toBe(2);
  }, 60_000);
});
