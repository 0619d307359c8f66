import 'server-only';
import { AppError } from '@/lib/errors';
import { parseHlsPlaylist } from '@/lib/media/formats/hls';
import type { Fragment, SubtitleSource } from '@/lib/media/types';
import { fetchText } from '@/lib/net/guarded-fetch';
import { RetryBudget, withRetries } from '../retry-policy';
import { fetchSegment, type SegmentFetchContext } from '../segment-fetch';
import { mergeCues, parseSrt, parseVtt, type Cue } from './cues';
import { readWvttSegment, wvttTimescale } from './wvtt';

/** Every piece of one text track together; more is not a subtitle track. */
const MAX_TRACK_BYTES = 32 * 1024 * 1024;
const CONCURRENCY = 8;
/** MPEG-TS timestamps are 33-bit, 90 kHz. */
const TS_WRAP = 2 ** 33;

function contextFor(source: SubtitleSource, signal: AbortSignal): SegmentFetchContext {
  return {
    headers: source.httpHeaders,
    signal,
    retries: 3,
    stallMs: 20_000,
    keyFor: () => Promise.reject(new AppError('upstream_failed', 'A subtitle track is never encrypted')),
  };
}

/** The pieces of a track, fetched a few at a time, in order, within the size cap. */
async function fetchAll(jobs: Fragment[], ctx: SegmentFetchContext): Promise<Buffer[]> {
  const out: Buffer[] = new Array(jobs.length);
  let bytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await fetchSegment({ url: jobs[i].url, ...(jobs[i].range ? { range: jobs[i].range } : {}) }, ctx);
      bytes += out[i].length;
      if (bytes > MAX_TRACK_BYTES) throw new AppError('too_large', 'The subtitle track is too large');
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, jobs.length) }, worker));
  return out;
}

/**
 * HLS WebVTT segments: each may carry X-TIMESTAMP-MAP, which ties its cue clock to the MPEG-TS clock of the
 * media. The first mapped segment's MPEGTS value is taken as the start of the presentation (what segmenters
 * write: the first video timestamp), so a cue lands at `cue − LOCAL + (MPEGTS − first MPEGTS) / 90 kHz` on a
 * file that starts at 0. Segments without a map keep their cue times.
 */
async function hlsCues(source: SubtitleSource, ctx: SegmentFetchContext): Promise<Cue[]> {
  const fetched = await withRetries(new RetryBudget(ctx.retries, ctx.signal), () =>
    fetchText(source.url, { headers: source.httpHeaders, signal: ctx.signal }),
  );
  const playlist = parseHlsPlaylist(fetched.text, fetched.url);
  if (playlist.type !== 'media') throw new AppError('upstream_failed', 'Expected a subtitle playlist, got a master');
  const segments = playlist.segments.filter((s) => !s.gap);
  const bodies = await fetchAll(segments.map((s) => ({ url: s.url, ...(s.byteRange ? { range: s.byteRange } : {}) })), ctx);
  let base: number | undefined;
  return bodies.flatMap((body) => {
    const parsed = parseVtt(body.toString('utf8'));
    const map = parsed.timestampMap;
    if (!map) return parsed.cues;
    base ??= map.mpegts;
    const shift = (((map.mpegts - base) % TS_WRAP) + TS_WRAP) % TS_WRAP / 90_000 - map.local;
    return parsed.cues.map((c) => ({ ...c, start: c.start + shift, end: c.end + shift }));
  });
}

async function dashCues(source: SubtitleSource, ctx: SegmentFetchContext): Promise<Cue[]> {
  const fragments = source.fragments ?? [];
  if (source.format !== 'wvtt') {
    const bodies = await fetchAll(fragments, ctx);
    return bodies.flatMap((b) => (source.format === 'srt' ? parseSrt(b.toString('utf8')) : parseVtt(b.toString('utf8')).cues));
  }
  if (!source.initialization) throw new AppError('upstream_failed', 'The subtitle track has no init segment');
  const [init, ...segments] = await fetchAll([source.initialization, ...fragments], ctx);
  const timescale = wvttTimescale(init);
  return segments.flatMap((segment) => readWvttSegment(segment, timescale));
}

async function fileCues(source: SubtitleSource, ctx: SegmentFetchContext): Promise<Cue[]> {
  const [body] = await fetchAll([{ url: source.url }], ctx);
  const text = body.toString('utf8');
  return source.format === 'srt' ? parseSrt(text) : parseVtt(text).cues;
}

/** A text track → its cues in time order, each once, on a timeline that starts with the media. */
export async function loadCues(source: SubtitleSource, signal: AbortSignal): Promise<Cue[]> {
  const ctx = contextFor(source, signal);
  const cues = source.protocol === 'hls' ? await hlsCues(source, ctx) : source.protocol === 'dash' ? await dashCues(source, ctx) : await fileCues(source, ctx);
  return mergeCues(cues.filter((c) => c.end > 0).map((c) => ({ ...c, start: Math.max(0, c.start) })));
}
