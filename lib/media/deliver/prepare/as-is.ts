import 'server-only';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { requestRange } from '@/lib/media/download/range-request';
import { remuxFaststart } from '@/lib/media/ffmpeg/faststart';
import { isIsoContainer, mp4Layout, type Mp4Layout, type ReadAt } from '@/lib/media/formats/mp4-layout';
import type { OfferPlan } from '@/lib/media/offers';
import type { SourceFormat } from '@/lib/media/types';
import { limits } from './limits';

/** Reads of a local file we wrote. */
export function localReader(file: string): ReadAt {
  return async (offset, length) => {
    const handle = await open(file, 'r');
    try {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buf, 0, length, offset);
      return buf.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  };
}

/** Ranged reads of a remote file through the guarded fetch; a source that ignores Range past byte 0 reads as nothing. */
function remoteReader(source: SourceFormat, signal: AbortSignal): ReadAt {
  return async (offset, length) => {
    const res = await requestRange(source.url, { start: offset, end: offset + length - 1, headers: source.httpHeaders, signal, stallMs: limits.stallMs() });
    if (res.start !== offset) {
      await res.reader.cancel().catch(() => undefined);
      return undefined;
    }
    const parts: Uint8Array[] = [];
    let got = 0;
    while (got < length) {
      const { value, done } = await res.reader.read();
      if (done) break;
      parts.push(value);
      got += value.length;
    }
    // A 200 sends the whole file: only its first bytes were wanted.
    if (got >= length) await res.reader.cancel().catch(() => undefined);
    return Buffer.concat(parts).subarray(0, length);
  };
}

/** Layouts read from origins, by URL: a file's boxes do not move, so a repeat download need not read them again. */
const remoteLayouts = new Map<string, Mp4Layout>();
const MAX_REMEMBERED = 1000;

async function remoteLayout(source: SourceFormat, signal: AbortSignal): Promise<Mp4Layout> {
  const known = remoteLayouts.get(source.url);
  if (known) return known;
  const layout = await mp4Layout(remoteReader(source, signal)).catch((): Mp4Layout => 'unknown');
  if (signal.aborted) signal.throwIfAborted();
  // An origin failing for a moment is asked again next time (meanwhile the file is prepared, never passed on blind).
  if (layout === 'unknown') return layout;
  if (remoteLayouts.size >= MAX_REMEMBERED) remoteLayouts.delete(remoteLayouts.keys().next().value!);
  remoteLayouts.set(source.url, layout);
  return layout;
}

/**
 * Whether a passthrough source may be streamed from its origin byte for byte: anything but MP4/M4A may; an
 * MP4/M4A only when its boxes say faststart (read with ranged requests of its head and a few box headers). One
 * with its index last, fragmented or unreadable is prepared instead, where `keepPlayable` remuxes it.
 */
export async function streamsAsIs(plan: OfferPlan, source: SourceFormat, signal: AbortSignal): Promise<boolean> {
  if (!isIsoContainer(plan.container)) return true;
  return (await remoteLayout(source, signal)) === 'faststart';
}

/**
 * A passthrough's file fetched to `file`: left byte for byte when it is not MP4/M4A or is faststart already,
 * else remuxed in place (streams copied, index first, unfragmented).
 */
export async function keepPlayable(plan: OfferPlan, file: string, signal: AbortSignal): Promise<void> {
  if (!isIsoContainer(plan.container)) return;
  if ((await mp4Layout(localReader(file)).catch((): Mp4Layout => 'unknown')) === 'faststart') return;
  const source = path.join(path.dirname(file), 'input-as-fetched');
  await rename(file, source);
  try {
    await remuxFaststart(source, file, plan.container === 'm4a' ? 'm4a' : 'mp4', signal);
  } finally {
    await rm(source, { force: true });
  }
}
