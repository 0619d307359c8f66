import { localInputArgs } from './input-args';

/** One picture of a slideshow, as probed. */
export interface SlidePicture {
  path: string;
  width: number;
  height: number;
}

export interface SlideshowJob {
  slides: SlidePicture[];
  audioPath: string;
  /** How long each picture is shown, in seconds (one entry per slide). */
  seconds: number[];
  output: string;
}

export const SLIDESHOW_FPS = 30;
const LONG_SIDE = 1920;
const SHORT_SIDE = 1080;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The frame every picture is fitted into: the first picture's shape, no larger than 1080p either way round. */
export function slideshowFrame(first: { width: number; height: number }): { width: number; height: number } {
  const portrait = first.height > first.width;
  const [maxW, maxH] = portrait ? [SHORT_SIDE, LONG_SIDE] : [LONG_SIDE, SHORT_SIDE];
  const scale = Math.min(1, maxW / first.width, maxH / first.height);
  return { width: even(first.width * scale), height: even(first.height * scale) };
}

/**
 * Each picture is read once (one frame, through the self-contained picture demuxers) and held on screen for its
 * seconds: fitted into the frame (letterboxed, never stretched), repeated as frames at a steady rate, the pictures
 * joined in order, the sound laid under them; H.264 + AAC in an MP4 that plays everywhere and starts at once.
 */
export function buildSlideshowArgs(job: SlideshowJob): string[] {
  if (job.slides.length === 0 || job.slides.length !== job.seconds.length) throw new Error('a slideshow needs one duration per picture');
  const { width, height } = slideshowFrame(job.slides[0]);
  const inputs = [...job.slides.flatMap((slide) => localInputArgs(slide.path)), ...localInputArgs(job.audioPath)];
  const chains = job.slides.map((_, i) => {
    const frames = Math.max(1, Math.round(job.seconds[i] * SLIDESHOW_FPS));
    return `[${i}:v]scale=${width}:${height}:force_original_aspect_ratio=decrease,`
      + `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,format=yuv420p,`
      + `loop=loop=${frames - 1}:size=1:start=0,setpts=N/(${SLIDESHOW_FPS}*TB)[v${i}]`;
  });
  const joined = `${job.slides.map((_, i) => `[v${i}]`).join('')}concat=n=${job.slides.length}:v=1:a=0[video]`;
  return [
    ...inputs,
    '-filter_complex', [...chains, joined].join(';'),
    '-map', '[video]', '-map', `${job.slides.length}:a:0`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-r', String(SLIDESHOW_FPS),
    '-c:a', 'aac', '-b:a', '128k',
    '-shortest', '-movflags', '+faststart', '-f', 'mp4', '-y', job.output,
  ];
}

/** Seconds per picture: the platform's own timing when it gave one for every picture, else the sound shared out. */
export function slideSeconds(count: number, soundSeconds: number, platformSeconds?: (number | undefined)[]): number[] {
  if (platformSeconds?.length === count && platformSeconds.every((s) => typeof s === 'number' && s > 0)) return platformSeconds as number[];
  const each = soundSeconds > 0 ? soundSeconds / count : 3;
  return Array.from({ length: count }, () => each);
}
