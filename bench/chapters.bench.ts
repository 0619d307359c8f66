/**
 * Chapters against the ffmpeg commands a person would type for the same file, measured in one run on a 10-minute
 * talk (320×180 H.264 + AAC, ten chapters) served by the fixture site:
 *   - split by chapters (stream copy) into a ZIP: ours (fetch, chapters written, one segment-muxer run, ZIP) vs
 *     curl + one `ffmpeg -ss … -t … -c copy` per chapter + `zip -0`;
 *   - SponsorBlock removal of three stretches (80 s): ours (fetch, chapters written, cut out with trim/concat,
 *     re-encoded) vs curl + one `ffmpeg` with select/aselect filters and the same encoders.
 * Target: ours ≤ 1.3× theirs for each (ratio = ours ÷ theirs, lower is better).
 *
 *   flock /tmp/bench.lock npx vitest run -c vitest.bench.config.ts bench/chapters.bench.ts
 *
 * Prints a table; nothing here is asserted (performance is never a unit test).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, it } from 'vitest';
import { analyzeMedia } from '@/lib/media/analyze/analyze.testkit';
import { chapterWorkOf } from '@/lib/media/deliver/prepare/chapter-work';
import { prepareOffer } from '@/lib/media/deliver/prepare/prepare-offer';
import { withDelivery } from '@/lib/media/deliver/prepare/resolve-offer';
import type { DeliveryOptions } from '@/lib/media/trim/trim-range';
import { chapterMediaUrlPath, ensureChapterMedia, evenChapters } from '@/test/fixtures/chapter-media';
import { startFixtureSite } from '@/test/fixtures/server';
import { printTable, timed } from './ratio-table';

const run = promisify(execFile);
const SECONDS = 600;
const RUNS = 3;
const REMOVE = [{ start: 60, end: 90 }, { start: 300, end: 330 }, { start: 480, end: 500 }];

await ensureChapterMedia(SECONDS);
const site = await startFixtureSite();
process.env.MEDIA_FETCH_ALLOW = `127.0.0.1:${site.port}`;
const work = await mkdtemp(path.join(tmpdir(), 'grabline-bench-chapters-'));
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await site.close();
});

const url = `${site.origin}${chapterMediaUrlPath(SECONDS, 'talk.mp4')}`;
const media = await analyzeMedia(url, { engine: 'native' });
const plan = [...media.plans.values()].find((p) => p.container === 'mp4' && p.kind === 'video' && !p.messaging)!;
const offer = { media, plan, title: media.info.title, duration: media.info.duration, key: 'bench' };
let dirs = 0;

/** One preparation into a fresh folder, as the file link runs it. */
async function ours(delivery: DeliveryOptions, remove = false): Promise<void> {
  const dir = path.join(work, `o${++dirs}`);
  await mkdir(dir);
  const work0 = chapterWorkOf(withDelivery(offer, delivery))!;
  const chapterWork = remove ? { ...work0, remove: REMOVE } : work0;
  await prepareOffer(plan, dir, { signal: new AbortController().signal, delivery, tags: { title: media.info.title, source: 'bench', url }, chapterWork });
  await rm(dir, { recursive: true, force: true });
}

const ffmpeg = (args: string[], cwd: string) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { cwd });

/** What a person types: fetch the file, then one copy cut per chapter, then a stored ZIP. */
async function theirSplit(): Promise<void> {
  const dir = path.join(work, `t${++dirs}`);
  await mkdir(dir);
  await run('curl', ['-s', '-o', path.join(dir, 'talk.mp4'), url]);
  for (const [i, c] of evenChapters(SECONDS).entries()) {
    await ffmpeg(['-ss', String(c.start), '-i', 'talk.mp4', '-t', String(c.end - c.start), '-map', '0', '-c', 'copy', `${String(i + 1).padStart(2, '0')} - ${c.title}.mp4`], dir);
  }
  const pieces = (await readdir(dir)).filter((name) => / - /.test(name));
  await run('zip', ['-0', '-q', 'talk.zip', ...pieces], { cwd: dir });
  await rm(dir, { recursive: true, force: true });
}

/** What a person types: fetch the file, then one ffmpeg dropping the stretches with select/aselect, re-encoded alike. */
async function theirRemoval(): Promise<void> {
  const dir = path.join(work, `t${++dirs}`);
  await mkdir(dir);
  await run('curl', ['-s', '-o', path.join(dir, 'talk.mp4'), url]);
  const gone = REMOVE.map((r) => `between(t,${r.start},${r.end})`).join('+');
  await ffmpeg([
    '-i', 'talk.mp4', '-vf', `select='not(${gone})',setpts=N/FRAME_RATE/TB`, '-af', `aselect='not(${gone})',asetpts=N/SR/TB`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart', 'talk-cut.mp4',
  ], dir);
  await rm(dir, { recursive: true, force: true });
}

it(`a ${SECONDS / 60}-minute talk with ${evenChapters(SECONDS).length} chapters: split and SponsorBlock removal vs the ffmpeg commands a person types (best of ${RUNS}, interleaved)`, async () => {
  for (let i = 0; i < RUNS; i++) {
    await timed('theirs: split', theirSplit);
    await timed('ours: split', () => ours({ embedMetadata: true, split: 'copy' }));
    await timed('theirs: removal', theirRemoval);
    await timed('ours: removal', () => ours({ embedMetadata: true }, true));
  }
  printTable(`chapters: ${SECONDS / 60}-minute 320×180 talk (ratio = ours ÷ theirs, lower is better)`, [
    { label: 'split by chapters (copy) into a ZIP', reference: 'theirs: split', candidate: 'ours: split', target: '≤ 1.3', as: 'time' },
    { label: `SponsorBlock removal (${REMOVE.length} stretches, re-encoded)`, reference: 'theirs: removal', candidate: 'ours: removal', target: '≤ 1.3', as: 'time' },
  ]);
});
