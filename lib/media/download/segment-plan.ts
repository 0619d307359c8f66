import 'server-only';
import { AppError } from '@/lib/errors';
import { parseHlsPlaylist, type HlsSegment } from '@/lib/media/extractors/native/hls';
import type { ByteRange, SourceFormat } from '@/lib/media/types';
import { fetchText } from '@/lib/net/guarded-fetch';
import { RetryBudget, withRetries } from './retry-policy';

export interface SegmentJob {
  url: string;
  range?: ByteRange;
  /** seconds, as the playlist or manifest says: which segments a cut needs */
  duration?: number;
  /** AES-128 (or SAMPLE-AES when `samples`): where the key is and the IV for this segment (16 bytes). */
  aes?: { keyUrl: string; iv: Buffer; samples?: boolean };
}

export interface SegmentRun {
  /** init segment (EXT-X-MAP / DASH Initialization), emitted first */
  init?: SegmentJob;
  segments: SegmentJob[];
}

export interface SegmentPlan extends SegmentRun {
  /**
   * Set when the stream has several runs whose timestamps do not continue one another (DASH periods, HLS
   * discontinuities, a gap closed, an init segment changing): each is fetched apart and stitched on one timeline.
   * `segments` then lists every run's segments, for counting.
   */
  runs?: SegmentRun[];
}

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
  }
  return job;
}

/** The media playlist, fetched fresh (segment URLs may be signed and short-lived) and parsed. */
async function planHls(source: SourceFormat, signal: AbortSignal | undefined, retries: number): Promise<SegmentPlan> {
  const fetched = await withRetries(new RetryBudget(retries, signal), () =>
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
    current.segments.push(hlsJob(segment));
  }
  return runs;
}

function planDash(source: SourceFormat): SegmentPlan {
  const fragments = source.fragments ?? [];
  if (fragments.length === 0) throw new AppError('no_media', 'No downloadable media found at this link');
  const job = (f: { url: string; range?: ByteRange; duration?: number }): SegmentJob => ({
    url: f.url, ...(f.range ? { range: f.range } : {}), ...(f.duration ? { duration: f.duration } : {}),
  });
  if (source.periods && source.periods.length > 1) {
    const runs = source.periods.map((p): SegmentRun => ({
      segments: p.fragments.map(job),
      ...(p.initialization ? { init: job(p.initialization) } : {}),
    }));
    return { segments: runs.flatMap((r) => r.segments), runs };
  }
  const plan: SegmentPlan = { segments: fragments.map(job) };
  if (source.initialization) plan.init = job(source.initialization);
  return plan;
}

/** What to fetch, in order, for an HLS or DASH source. */
export async function planSegments(source: SourceFormat, signal: AbortSignal | undefined, retries: number): Promise<SegmentPlan> {
  if (source.protocol === 'hls') return planHls(source, signal, retries);
  if (source.protocol === 'dash') return planDash(source);
  throw new AppError('invalid_request', 'Not a segmented source');
}
