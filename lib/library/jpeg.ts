import 'server-only';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadPicture } from '@/lib/media/pictures/load-picture';
import { runFfmpeg } from '@/lib/media/ffmpeg/run-ffmpeg';

/**
 * A picture as JPEG (Kodi's and Jellyfin's `-thumb.jpg` and `poster.jpg`): a JPEG kept as it is, any other type
 * converted by ffmpeg from a local temporary file (never a remote URL).
 */
export async function asJpeg(bytes: Uint8Array, type: string): Promise<Uint8Array> {
  if (type === 'image/jpeg') return bytes;
  const dir = await mkdtemp(path.join(tmpdir(), 'grabline-jpeg-'));
  try {
    const input = path.join(dir, 'in');
    const output = path.join(dir, 'out.jpg');
    await writeFile(input, bytes);
    await runFfmpeg(['-y', '-i', input, '-frames:v', '1', '-q:v', '3', output]);
    return new Uint8Array(await readFile(output));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A frame of a local video file as JPEG (a second in, or its first frame); undefined for a file without video. */
export async function frameAsJpeg(file: string): Promise<Uint8Array | undefined> {
  const dir = await mkdtemp(path.join(tmpdir(), 'grabline-frame-'));
  try {
    const output = path.join(dir, 'frame.jpg');
    for (const seek of ['1', '0']) {
      try {
        await runFfmpeg(['-y', '-ss', seek, '-i', file, '-map', '0:v:0', '-frames:v', '1', '-q:v', '3', output]);
        const bytes = new Uint8Array(await readFile(output));
        if (bytes.length > 0) return bytes;
      } catch {
        // A file shorter than a second has no frame there: its first frame, else no picture.
      }
    }
    return undefined;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The media's picture as JPEG: the source's (through the guarded fetch and the picture cache), else a frame of
 * the written file (not of a ZIP of pieces, which holds no frame ffmpeg can read); undefined when there is neither.
 */
export async function pictureAsJpeg(src: string | undefined, written: string): Promise<Uint8Array | undefined> {
  if (src) {
    try {
      const picture = await loadPicture(src);
      return await asJpeg(picture.bytes, picture.type);
    } catch (error) {
      console.warn('[library] no picture from the source', (error as Error)?.message);
    }
  }
  return written.toLowerCase().endsWith('.zip') ? undefined : frameAsJpeg(written);
}
