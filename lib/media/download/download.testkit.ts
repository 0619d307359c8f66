import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { probeMedia } from '@/lib/media/ffmpeg/probe';

export async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** What the promise settled with, for asserting on rejections without losing the error's fields. */
export async function settle<T>(work: Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> {
  const started = Date.now();
  try {
    return { value: await work, ms: Date.now() - started };
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
}

/** ffprobe's view of a file: its format name and duration (seconds). */
export async function probeFile(file: string): Promise<{ format: string; duration: number }> {
  const { formatName, duration } = await probeMedia(file);
  return { format: formatName, duration };
}
