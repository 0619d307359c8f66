import 'server-only';
import { drmProtected } from '@/lib/media/formats/bytes';
import { requestRange } from './range-request';
import { RetryBudget, withRetries } from './retry-policy';
import type { InitRef, SegmentJob } from './segment-job';
import { decryptCbcsSegment } from './sample-aes/cbcs-fragment';
import { readCbcsInit, type CbcsInit } from './sample-aes/cbcs-init';
import { decryptAdtsSamples, decryptSegment } from './hls-keys';
import { decryptSampleAesTs } from './sample-aes/decrypt-ts';

/** One segment is held whole in memory until its turn; anything bigger is not a segment. */
const MAX_SEGMENT_BYTES = 256 * 1024 * 1024;

export interface SegmentFetchContext {
  headers?: Record<string, string>;
  signal: AbortSignal;
  retries: number;
  stallMs: number;
  keyFor: (url: string) => Promise<Buffer>;
  /** The 'cbcs' tracks of an init segment (SAMPLE-AES in fMP4), fetched once per download. */
  cbcsInit?: (init: InitRef) => Promise<CbcsInit>;
  /** As an attempt's body arrives: bytes so far and the body's length when the answer says it (each attempt restarts at 0). */
  onReceived?: (received: number, expected: number | undefined) => void;
}

async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>, onReceived?: (received: number) => void): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return Buffer.concat(parts);
    parts.push(value);
    received += value.byteLength;
    onReceived?.(received);
  }
}

/** One attempt: the segment's bytes, cut to its range when the source sent more than we asked for. */
async function fetchOnce(job: SegmentJob, ctx: SegmentFetchContext): Promise<Buffer> {
  const start = job.range?.start ?? 0;
  const response = await requestRange(job.url, {
    start,
    end: job.range?.end,
    headers: ctx.headers,
    signal: ctx.signal,
    stallMs: ctx.stallMs,
    // A source that ignores Range sends the whole file; allow for that, within reason.
    maxBytes: MAX_SEGMENT_BYTES,
  });
  // A body cut short fails inside readAll (the guard checks Content-Length), so this is all of it.
  const expected = response.end !== undefined ? response.end - response.start + 1 : undefined;
  const body = await readAll(response.reader, ctx.onReceived && ((received) => ctx.onReceived!(received, expected)));
  if (!job.range) return body;
  const offset = start - response.start;
  return body.subarray(offset, offset + (job.range.end - job.range.start + 1));
}

/**
 * Packed audio (raw AAC, MP3, AC-3 segments) opens each segment with an ID3v2 tag carrying its timestamp
 * (PRIV com.apple.streaming.transportStreamTimestamp). The frames alone concatenate into one continuous
 * stream; tags left between them are read as corrupt frames. Every leading ID3v2 tag is cut off; anything
 * else (MPEG-TS, fMP4) never starts with "ID3" and is returned as it is.
 */
export function stripId3(data: Buffer): Buffer {
  let at = 0;
  while (data.length - at >= 10 && data.toString('latin1', at, at + 3) === 'ID3') {
    const size = ((data[at + 6] & 0x7f) << 21) | ((data[at + 7] & 0x7f) << 14) | ((data[at + 8] & 0x7f) << 7) | (data[at + 9] & 0x7f);
    const footer = data[at + 5] & 0x10 ? 10 : 0;
    const end = at + 10 + size + footer;
    if (end > data.length) break;
    at = end;
  }
  return at === 0 ? data : data.subarray(at);
}

/**
 * A segment with retries and backoff, decrypted (AES-128, or SAMPLE-AES in MPEG-TS, packed AAC or fMP4 'cbcs'), its
 * ID3 tags removed. A 'cbcs' init segment is handed on in clear.
 */
export async function fetchSegment(job: SegmentJob, ctx: SegmentFetchContext): Promise<Buffer> {
  if (job.cbcsInit && ctx.cbcsInit) return (await ctx.cbcsInit(job)).clear;
  const data = await withRetries(new RetryBudget(ctx.retries, ctx.signal), () => fetchOnce(job, ctx));
  if (job.raw) return data;
  if (!job.aes) return stripId3(data);
  const key = await ctx.keyFor(job.aes.keyUrl);
  if (job.aes.samples && job.aes.init) {
    if (!ctx.cbcsInit) throw drmProtected();
    return decryptCbcsSegment(data, await ctx.cbcsInit(job.aes.init), key, job.aes.iv, job.range?.start ?? 0);
  }
  if (job.aes.samples) {
    const samples = stripId3(data);
    // MPEG-TS (a sync byte) carries H.264 and AAC in PES packets; anything else is packed ADTS audio.
    return samples[0] === 0x47 ? decryptSampleAesTs(samples, key, job.aes.iv) : decryptAdtsSamples(samples, key, job.aes.iv);
  }
  return stripId3(decryptSegment(data, key, job.aes.iv));
}

/** Init segments of 'cbcs' tracks, each fetched and read once however many segments (and its own job) need it. */
export function createCbcsInitCache(ctx: Omit<SegmentFetchContext, 'cbcsInit'>): (init: InitRef) => Promise<CbcsInit> {
  const inits = new Map<string, Promise<CbcsInit>>();
  return (init) => {
    const id = `${init.url}#${init.range?.start ?? ''}-${init.range?.end ?? ''}`;
    let read = inits.get(id);
    if (!read) {
      read = fetchSegment({ url: init.url, ...(init.range ? { range: init.range } : {}), raw: true }, ctx).then((bytes) => {
        const described = readCbcsInit(bytes);
        // SAMPLE-AES whose init segment names no protected track: how its samples are sealed is unknown.
        if (![...described.tracks.values()].some((t) => t.protected)) throw drmProtected();
        return described;
      });
      inits.set(id, read);
    }
    return read;
  };
}
