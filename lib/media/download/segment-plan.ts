import 'server-only';
import { AppError } from '@/lib/errors';
import { parseHlsPlaylist, type HlsSegment } from '@/lib/media/formats/hls';
import { recentPlaylist } from '@/lib/media/formats/recent-playlists';
import type { ByteRange, Fragment, SourceFormat } from '@/lib/media/types';
import { fetchText } from '@/lib/net/guarded-fetch';
import { RetryBudget, withRetries } from './retry-policy';
import { chunkedJobs, indexedJobs, type FetchCtx } from './segment-base';
import type { SegmentJob, SegmentPlan, SegmentRun } from './segment-job';

/** An explicit `0x…` IV, or the media sequence number as a 128-bit big-endian integer (RFC 8216 §5.2). */
export function segmentIv(explicit: string | undefined, sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  if (explicit) {
    const hex = explicit.replace(/^0x/i, '').padStart(32, '0');
    Buffer.from(hex, 'hex').copy(iv);
  } else {
    iv.writeBigUInt64BE(BigInt(sequence), 8);
  }
  return iv;
}

function hlsJob(segment: HlsSegment): SegmentJob {
  const job: SegmentJob = { url: segment.url };
  if (segment.duration > 0) job.duration = segment.duration;
  if (segment.byteRange) job.range = segment.byteRange;
  if (segment.key) {
    job.aes = { keyUrl: segment.key.uri, iv: segmentIv(segment.key.iv, segment.sequence) };
    if (segment.key.method === 'SAMPLE-AES') job.aes.samples = true;
    if (segment.key.method === 'SAMPLE-AES' && segment.map) job.aes.init = { url: segment.map.url, ...(segment.map.range ? { range: segment.map.range } : {}) };
  }
  return job;
}

/**
 * The media playlist, parsed: the analysis's own reading when it is under a minute old, else fetched fresh
 * (segment URLs may be signed and short-lived).
 */
async function planHls(source: SourceFormat, signal: AbortSignal | undefined, retries: number): Promise<SegmentPlan> {
  const fetched = recentPlaylist(source.url) ?? await withRetries(new RetryBudget(retries, signal), () =>
    fetchText(source.url, { headers: source.httpHeaders, signal }),
  );
  const playlist = parseHlsPlaylist(fetched.text, fetched.url);
  if (playlist.type !== 'media') throw new AppError('upstream_failed', 'Expected a media playlist, got a master');
  if (!playlist.endList) {
    throw new AppError('live_not_finished', 'This stream is still being broadcast; it can be downloaded once it has ended');
  }
  const runs = hlsRuns(playlist.segments);
  if (runs.length === 0) throw new AppError('no_media', 'No downloadable media found at this link');
  if (runs.length === 1) return runs[0];
  return { segments: runs.flatMap((r) => r.segments), runs };
}

const sameMap = (a: HlsSegment['map'], b: HlsSegment['map']) =>
  a?.url === b?.url && a?.range?.start === b?.range?.start && a?.range?.end === b?.range?.end;

/**
 * The playlist's segments cut into runs of continuous timestamps. A new run starts at EXT-X-DISCONTINUITY, where
 * the init segment changes, and after a gap: EXT-X-GAP segments are never fetched and the gap is closed (the
 * next run follows on directly), so a stream with a gap is shorter by the gap's length.
 */
export function hlsRuns(segments: HlsSegment[]): SegmentRun[] {
  const runs: SegmentRun[] = [];
  let current: SegmentRun | undefined;
  let currentMap: HlsSegment['map'];
  let afterGap = false;
  for (const segment of segments) {
    if (segment.gap) {
      afterGap = true;
      continue;
    }
    if (!current || segment.discontinuity || afterGap || !sameMap(segment.map, currentMap)) {
      current = { segments: [] };
      currentMap = segment.map;
      if (segment.map) current.init = { url: segment.map.url, ...(segment.map.range ? { range: segment.map.range } : {}) };
      runs.push(current);
    }
    afterGap = false;
    const job = hlsJob(segment);
    if (job.aes?.init && current.init) current.init.cbcsInit = true;
    current.segments.push(job);
  }
  return runs;
}

// A segment's duration (when the manifest gives it) lets a cut fetch only the segments it covers.
const job = (f: { url: string; range?: ByteRange; duration?: number }): SegmentJob => ({
  url: f.url, ...(f.range ? { range: f.range } : {}), ...(f.duration ? { duration: f.duration } : {}),
});

/**
 * One period's jobs: a SegmentBase file becomes its subsegments (from its sidx) and a whole file becomes
 * parallel ranges, so neither is one long GET nor one segment held whole in memory. Undefined: a whole file
 * whose origin ignores Range.
 */
async function dashRun(fragments: Fragment[], init: Fragment | undefined, ctx: FetchCtx): Promise<SegmentRun | undefined> {
  const only = fragments.length === 1 ? fragments[0] : undefined;
  let segments: SegmentJob[] | undefined = fragments.map(job);
  if (only?.index) segments = await indexedJobs({ ...only, index: only.index }, ctx);
  else if (only && !only.range && !init) segments = await chunkedJobs(only.url, ctx);
  if (!segments) return undefined;
  return { segments, ...(init ? { init: job(init) } : {}) };
}

async function planDash(source: SourceFormat, ctx: FetchCtx): Promise<SegmentPlan> {
  const fragments = source.fragments ?? [];
  if (fragments.length === 0) throw new AppError('no_media', 'No downloadable media found at this link');
  if (source.periods && source.periods.length > 1) {
    const runs = await Promise.all(source.periods.map(async (p): Promise<SegmentRun> =>
      (await dashRun(p.fragments, p.initialization, ctx)) ?? { segments: p.fragments.map(job), ...(p.initialization ? { init: job(p.initialization) } : {}) }));
    return { segments: runs.flatMap((r) => r.segments), runs };
  }
  const run = await dashRun(fragments, source.initialization, ctx);
  return run ?? { segments: fragments.map(job), wholeFile: true };
}

/** What to fetch, in order, for an HLS or DASH source. */
export async function planSegments(source: SourceFormat, ctx: FetchCtx): Promise<SegmentPlan> {
  if (source.protocol === 'hls') return planHls(source, ctx.signal, ctx.retries);
  if (source.protocol === 'dash') return planDash(source, ctx);
  throw new AppError('invalid_request', 'Not a segmented source');
}
