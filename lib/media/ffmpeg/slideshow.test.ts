import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { probeMedia } from './probe';
import { composeSlideshow } from './slideshow';
import { buildSlideshowArgs, slideSeconds, slideshowFrame } from './slideshow-args';

// Pictures and sound made by ffmpeg here, as a platform would serve them: named without extensions (our temp files
// are), one JPEG, one PNG of another shape, one WebP; a 6-second AAC track.
const dir = mkdtempSync(path.join(tmpdir(), 'grabline-slideshow-'));
const COLORS = ['red', 'lime', 'blue'] as const;
const RGB = { red: [255, 0, 0], lime: [0, 255, 0], blue: [0, 0, 255] } as const;
const pictures = [
  { file: path.join(dir, 'slide-1'), color: 'red', size: '720x1280', codec: ['-c:v', 'mjpeg', '-f', 'image2pipe'] },
  { file: path.join(dir, 'slide-2'), color: 'lime', size: '1280x720', codec: ['-c:v', 'png', '-f', 'image2pipe'] },
  { file: path.join(dir, 'slide-3'), color: 'blue', size: '500x500', codec: ['-c:v', 'libwebp', '-f', 'webp'] },
];
const audio = path.join(dir, 'sound');
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

beforeAll(() => {
  for (const p of pictures) ffmpeg(['-f', 'lavfi', '-i', `color=c=${p.color}:s=${p.size}:d=1`, '-frames:v', '1', ...p.codec, p.file]);
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-c:a', 'aac', '-f', 'adts', audio]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The colour in the middle of the video at `seconds`. */
function colorAt(file: string, seconds: number): number[] {
  const raw = execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-ss', String(seconds), '-i', file,
    '-frames:v', '1', '-vf', 'crop=2:2:iw/2:ih/2,scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
  return [...raw.subarray(0, 3)];
}

describe('a photo slideshow as one video', () => {
  it('shows each picture for its share of the sound, in order, as H.264 + AAC in an MP4', async () => {
    const output = path.join(dir, 'output.mp4');
    let progress = 0;
    await composeSlideshow({ pictures: pictures.map((p) => p.file), audio, output, onProgress: (f) => (progress = f) });
    const probe = await probeMedia(output);
    expect(probe.formatName).toContain('mp4');
    const video = probe.streams.find((s) => s.codecType === 'video');
    const sound = probe.streams.find((s) => s.codecType === 'audio');
    expect(video).toMatchObject({ codecName: 'h264', width: 720, height: 1280, pixFmt: 'yuv420p' });
    expect(sound).toMatchObject({ codecName: 'aac' });
    expect(probe.duration).toBeGreaterThan(5.9);
    expect(probe.duration).toBeLessThan(6.2);
    // 6 s of sound over 3 pictures: 2 s each.
    for (const [index, second] of [1, 3, 5].entries()) {
      const [r, g, b] = colorAt(output, second);
      const [er, eg, eb] = RGB[COLORS[index]];
      expect(Math.abs(r - er) + Math.abs(g - eg) + Math.abs(b - eb)).toBeLessThan(60);
    }
    expect(progress).toBeGreaterThan(0.9);
  }, 60_000);

  it("uses the platform's own timing when it gives one for every picture", () => {
    expect(slideSeconds(3, 6)).toEqual([2, 2, 2]);
    expect(slideSeconds(3, 6, [1, 4, 1])).toEqual([1, 4, 1]);
    expect(slideSeconds(3, 6, [1, undefined, 1])).toEqual([2, 2, 2]);
    expect(slideSeconds(2, 0)).toEqual([3, 3]);
  });

  it('fits every picture into the first one\'s shape, at most 1080p, in even sizes', () => {
    expect(slideshowFrame({ width: 1440, height: 2560 })).toEqual({ width: 1080, height: 1920 });
    expect(slideshowFrame({ width: 4000, height: 3000 })).toEqual({ width: 1440, height: 1080 });
    expect(slideshowFrame({ width: 721, height: 1281 })).toEqual({ width: 722, height: 1282 });
  });

  it('reads every input as a local file through the safe demuxers only', () => {
    const args = buildSlideshowArgs({ slides: [{ path: '/tmp/a', width: 10, height: 10 }], audioPath: '/tmp/s', seconds: [2], output: '/tmp/o.mp4' });
    const inputs = args.flatMap((arg, i) => (arg === '-i' ? [args[i - 1], args[i + 1]] : []));
    expect(inputs).toEqual([expect.stringContaining('jpeg_pipe'), '/tmp/a', expect.stringContaining('jpeg_pipe'), '/tmp/s']);
    expect(args.join(' ')).not.toMatch(/image2|concat:|-loop /);
  });
});
