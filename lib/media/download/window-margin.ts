import 'server-only';
import { fetchSegment, type SegmentFetchContext } from './segment-fetch';
import type { SegmentJob } from './segment-job';
import { opensOnSyncSample } from './sync-start';

export interface MarginChoice {
  /** The run's fetch: piece 1 (the margin) comes back empty when it is not needed. */
  fetchAt: (index: number) => Promise<Buffer>;
  /** Whether the margin was left out, once known (false when the fetch failed first). */
  dropped: Promise<boolean>;
}

/**
 * A window of fMP4 segments (`jobs`: 0 the init segment, 1 the margin fetched before, 2 the segment holding the
 * window's start, then the rest). All are fetched in the same round; when the segment holding the start opens on
 * a sync sample in every track, the margin is not handed on, so the file starts on that keyframe — ffmpeg cannot
 * seek in fragmented MP4 that has no index, and would otherwise keep the margin in a copied cut.
 */
export function marginChoice(jobs: SegmentJob[], ctx: SegmentFetchContext): MarginChoice {
  const held = new Map<number, Promise<Buffer>>();
  const piece = (index: number) => {
    let fetched = held.get(index);
    if (!fetched) {
      fetched = fetchSegment(jobs[index], ctx);
      held.set(index, fetched);
    }
    return fetched;
  };
  let decide!: (dropped: boolean) => void;
  const dropped = new Promise<boolean>((resolve) => (decide = resolve));
  const fetchAt = async (index: number): Promise<Buffer> => {
    if (index > 2) return fetchSegment(jobs[index], ctx);
    if (index !== 1) return piece(index);
    try {
      const [init, margin, start] = await Promise.all([piece(0), piece(1), piece(2)]);
      const drop = opensOnSyncSample(start, init);
      decide(drop);
      return drop ? Buffer.alloc(0) : margin;
    } catch (error) {
      decide(false);
      throw error;
    }
  };
  return { fetchAt, dropped };
}
