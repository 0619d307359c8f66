import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertFiles } from '@/lib/media/ffmpeg/convert';
import { probeMedia } from '@/lib/media/ffmpeg/probe';
import type { Chapter } from './chapters';
import { readChapters } from './read-chapters';

/** Files made with chapters are read back by ffprobe with the same titles and times (±0.1 s). */
const dir = mkdtempSync(path.join(tmpdir(), 'grabline-chapters-'));
const video = path.join(dir, 'video.mp4');
const audio = path.join(dir, 'audio.m4a');
const CHAPTERS: Chapter[] = [
  { start: 0, end: 3, title: 'Intro' },
  { start: 3, end: 7.5, title: 'Main part; with = signs #1' },
  { start: 7.5, end: 12, title: 'الخاتمة' },
];

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args, '-y']);

beforeAll(() => {
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25:duration=12', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=12',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', video);
  ffmpeg('-i', video, '-vn', '-c:a', 'copy', audio);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function expectSame(read: Chapter[], wanted: Chapter[]) {
  expect(read.map((c) => c.title)).toEqual(wanted.map((c) => c.title));
  read.forEach((c, i) => {
    expect(Math.abs(c.start - wanted[i].start)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(c.end - wanted[i].end)).toBeLessThanOrEqual(0.1);
  });
}

const plans = {
  mp4: { kind: 'video', container: 'mp4' },
  webm: { kind: 'video', container: 'webm' },
  m4a: { kind: 'audio', container: 'm4a' },
  mp3: { kind: 'audio', container: 'mp3', audioCodec: 'mp3' },
} as const;

describe('chapters are written into every file we make', () => {
  for (const [ext, plan] of Object.entries(plans)) {
    it(`${ext}: ffprobe reads back the same titles and times`, async () => {
      const output = path.join(dir, `whole.${ext}`);
      const isVideo = plan.kind === 'video';
      await convertFiles({ plan, videoPath: isVideo ? video : undefined, audioPath: isVideo ? video : audio, output, chapters: CHAPTERS });
      expectSame(await readChapters(output), CHAPTERS);
    });
  }

  it('mp3 carries them as ID3v2 CHAP frames under a CTOC', async () => {
    const output = path.join(dir, 'whole.mp3');
    await convertFiles({ plan: plans.mp3, audioPath: audio, output, chapters: CHAPTERS });
    const head = execFileSync('head', ['-c', '4096', output]).toString('latin1');
    expect(head).toContain('CTOC');
    expect(head.split('CHAP').length - 1).toBe(3);
  });

  it('a clip keeps the chapters inside its range, shifted and cut at its edges', async () => {
    const output = path.join(dir, 'clip.m4a');
    await convertFiles({
      plan: plans.m4a, audioPath: audio, output, chapters: CHAPTERS,
      cut: { start: 2, end: 9, exact: false, videoOffset: 0, audioOffset: 0 },
    });
    expect((await probeMedia(output)).duration).toBeCloseTo(7, 0);
    expectSame(await readChapters(output), [
      { start: 0, end: 1, title: 'Intro' },
      { start: 1, end: 5.5, title: 'Main part; with = signs #1' },
      { start: 5.5, end: 7, title: 'الخاتمة' },
    ]);
  });

  it('a file made without chapters has none', async () => {
    const output = path.join(dir, 'bare.mp4');
    await convertFiles({ plan: plans.mp4, videoPath: video, audioPath: video, output });
    expect(await readChapters(output)).toEqual([]);
  });
});
