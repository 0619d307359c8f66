import 'server-only';
import { AppError } from '@/lib/errors';
import { firstStream, probeMedia } from './probe';
import { runFfmpeg } from './run-ffmpeg';
import { buildSlideshowArgs, slideSeconds, type SlidePicture } from './slideshow-args';

export interface SlideshowFiles {
  /** The pictures, in order: local files we wrote. */
  pictures: string[];
  /** The sound: a local file we wrote. */
  audio: string;
  /** The platform's seconds per picture, when it says. */
  platformSeconds?: (number | undefined)[];
  output: string;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** A photo slideshow as one MP4: every picture and the sound probed, then composed by one ffmpeg over local files. */
export async function composeSlideshow(opts: SlideshowFiles): Promise<void> {
  const [sound, ...probes] = await Promise.all([opts.audio, ...opts.pictures].map((file) => probeMedia(file, { signal: opts.signal })));
  const slides: SlidePicture[] = probes.map((probe, i) => {
    // A picture's stream is its codec (mjpeg, png, webp), which firstStream leaves out as cover art.
    const picture = probe.streams.find((stream) => stream.codecType === 'video');
    if (!picture?.width || !picture.height) throw new AppError('upstream_failed', `Picture ${i + 1} of the slideshow could not be read`);
    return { path: opts.pictures[i], width: picture.width, height: picture.height };
  });
  if (!firstStream(sound, 'audio')) throw new AppError('upstream_failed', 'The slideshow has no sound to lay under its pictures');
  const soundSeconds = sound.duration || firstStream(sound, 'audio')?.duration || 0;
  const seconds = slideSeconds(slides.length, soundSeconds, opts.platformSeconds);
  const total = seconds.reduce((sum, s) => sum + s, 0);
  await runFfmpeg(buildSlideshowArgs({ slides, audioPath: opts.audio, seconds, output: opts.output }), {
    signal: opts.signal,
    onProgress: (at) => opts.onProgress?.(total > 0 ? Math.min(1, at / total) : 0),
  });
}
