import 'server-only';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Fetcher } from './fetcher';
import { probeBytes, runFfprobe, type ProbeResult } from './probe';
import { readCapped } from './read-body';

const HEAD_BYTES = 2 * 1024 * 1024;
/** Past this a moov-at-the-end MP4 stays unprobed rather than costing a whole download at analysis time. */
const WHOLE_FILE_LIMIT = 64 * 1024 * 1024;

/**
 * Probes a remote file: its head first (enough for WebM, MP3, fast-start MP4); when that fails — typically an
 * MP4 whose moov atom sits at the end — and the file is small enough, the whole file through a temp file.
 * Null when neither works: the format is still offered, only without codec details.
 */
export async function probeRemote(fetcher: Fetcher, url: string, size?: number, head?: Buffer): Promise<ProbeResult | null> {
  try {
    const bytes = head ?? (await fetchRange(fetcher, url, HEAD_BYTES));
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
      return await runFfprobe({ path });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } catch {
    return null;
  }
}

async function fetchRange(fetcher: Fetcher, url: string, bytes: number): Promise<Buffer> {
  const res = await fetcher(url, { headers: { Range: `bytes=0-${bytes - 1}` }, timeoutMs: 30_000 });
  if (!res.ok) throw new Error(`status ${res.status}`);
  return readCapped(res, bytes);
}
