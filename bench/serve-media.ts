/**
 * The pass-through bench's media: a real, playable fast-start MP4 of exactly `sizeBytes`, cheap to make at any size.
 * A one-second clip (index first) is followed by one top-level `free` box filling the rest with incompressible
 * bytes, which players and our MP4 reader step over. Served by the fixture site at `bigMp4UrlPath(size)`. Not a bench.
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { CACHE_ROOT, ensureCachedDir } from '@/test/fixtures/cache-dir';
import { ffmpeg } from '@/test/fixtures/run-tool';

const VERSION = 'mp4-1';
const CHUNK = 1024 * 1024;

export const bigMp4UrlPath = (sizeBytes: number) => `/big/mp4-${sizeBytes}/big.mp4`;

export async function ensureBigMp4(sizeBytes: number): Promise<string> {
  const dir = await ensureCachedDir(path.join(CACHE_ROOT, 'big', `mp4-${sizeBytes}`), VERSION, async (tmp) => {
    const clipPath = path.join(tmp, 'clip.mp4');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', clipPath]);
    const clip = await readFile(clipPath);
    await rm(clipPath);
    const fill = sizeBytes - clip.length;
    if (fill < 16) throw new Error(`size ${sizeBytes} is smaller than the clip`);
    const file = await open(path.join(tmp, 'big.mp4'), 'w');
    try {
      await file.write(clip);
      // A 64-bit box size: size 1, 'free', then the size itself.
      const header = Buffer.alloc(16);
      header.writeUInt32BE(1, 0);
      header.write('free', 4, 'latin1');
      header.writeBigUInt64BE(BigInt(fill), 8);
      await file.write(header);
      const block = randomBytes(CHUNK);
      for (let left = fill - 16, i = 0; left > 0; left -= CHUNK, i++) {
        block.writeUInt32BE(i, 0);
        await file.write(block, 0, Math.min(CHUNK, left));
      }
    } finally {
      await file.close();
    }
  });
  return path.join(dir, 'big.mp4');
}
