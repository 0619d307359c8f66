import 'server-only';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fastProbe } from './fast-probe';
import type { Fetcher } from './fetcher';
import { probeBytes, probeFacts, type MediaFacts } from './probe';
import { openBody, readCapped } from './read-body';

const HEAD_BYTES = 2 * 1024 * 1024;
/** Past this a moov-at-the-end MP4 stays unprobed rather than costing a whole download at analysis time. */
const WHOLE_FILE_LIMIT = 64 * 1024 * 1024;
/** A moov past this (hours of video with tiny samples) is left to the slow path rather than held in memory. */
const TAIL_LIMIT = 32 * 1024 * 1024;

/**
 * Probes a remote file: in-process parsers first (MP4 — fetching a trailing moov with one Range request —, WebM,
 * MP3, images); then ffprobe over its head (enough for WebM, MP3, fast-start MP4); when that fails — typically an
 * MP4 whose moov atom sits at the end — and the file is small enough, the whole file through a temp file.
 * Null when neither works: the format is still offered, only without codec details.
 */
export async function probeRemote(fetcher: Fetcher, url: string, size?: number, head?: Buffer): Promise<MediaFacts | null> {
  try {
    const bytes = head ?? (await fetchRange(fetcher, url, HEAD_BYTES));
    // A failed tail fetch is no verdict on the file: ffprobe still gets its turn.
    const fast = await probeFast(fetcher, url, bytes, size).catch(() => null);
    if (fast) return mayHoldChapters(bytes) ? withChaptersOf(fast, bytes) : fast;
    try {
      return await probeBytes(bytes);
    } catch {
      if (size === undefined || size > WHOLE_FILE_LIMIT || bytes.length >= size) return null;
    }
    const whole = await fetchRange(fetcher, url, WHOLE_FILE_LIMIT);
    const dir = await mkdtemp(join(tmpdir(), 'grabline-probe-'));
    try {
      const path = join(dir, randomUUID());
      await writeFile(path, whole);
      return await probeFacts({ path });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } catch {
    return null;
  }
}

/** Marks of chapters in a file's head: an MP4 chapter track reference or Nero list, Matroska's Chapters element. */
const CHAPTER_MARKS = [Buffer.from('chap'), Buffer.from('chpl'), Buffer.from([0x10, 0x43, 0xa7, 0x70])];
const mayHoldChapters = (head: Buffer) => CHAPTER_MARKS.some((mark) => head.includes(mark));

/** The parsers' facts with the chapters only ffprobe reads; without them when it cannot. */
async function withChaptersOf(facts: MediaFacts, head: Buffer): Promise<MediaFacts> {
  const chapters = (await probeBytes(head).catch(() => null))?.chapters;
  return chapters?.length ? { ...facts, chapters } : facts;
}

async function fetchRange(fetcher: Fetcher, url: string, bytes: number): Promise<Buffer> {
  const res = await fetcher(url, { headers: { Range: `bytes=0-${bytes - 1}` }, timeoutMs: 30_000 });
  if (!res.ok) throw new Error(`status ${res.status}`);
  return readCapped(res, bytes);
}

/** The parsers' answer, fetching the tail they ask for; null sends the caller down the ffprobe path. */
async function probeFast(fetcher: Fetcher, url: string, head: Buffer, size?: number): Promise<MediaFacts | null> {
  const first = fastProbe(head, size);
  if (!first || !('needsTail' in first)) return first;
  const { offset } = first.needsTail;
  const res = await fetcher(url, { headers: { Range: `bytes=${offset}-` }, timeoutMs: 30_000 });
  const body = openBody(res);
  try {
    // A server that ignores Range sends the file from byte 0: those bytes are not the tail.
    if (res.status !== 206 || !res.headers.get('content-range')?.startsWith(`bytes ${offset}-`)) return null;
    // The box header first; then exactly the box it announces, from the same response.
    let want = first.needsTail.length ?? 16;
    for (let step = 0; step < 2; step += 1) {
      const tail = fastProbe(head, size, { offset, bytes: await body.read(want) });
      if (!tail || !('needsTail' in tail)) return tail;
      const { length } = tail.needsTail;
      if (tail.needsTail.offset !== offset || !length || length <= want || length > TAIL_LIMIT) return null;
      want = length;
    }
    return null;
  } finally {
    await body.cancel();
  }
}
