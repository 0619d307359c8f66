import 'server-only';
import { createHash } from 'node:crypto';
import { config } from '@/lib/config';
import { fetchText } from '@/lib/net/guarded-fetch';
import { SPONSOR_CATEGORIES, type SponsorCategory } from './categories';
import type { SponsorSegment } from './segment-types';

export type { SponsorSegment } from './segment-types';

/** What asking SponsorBlock came to: its segments, or why there are none to use. */
export type SegmentsAnswer = { ok: true; segments: SponsorSegment[] } | { ok: false; reason: 'off' | 'unavailable' };

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** The hash prefix SponsorBlock's private lookup takes: the server learns only which of 65 536 buckets is asked. */
export const hashPrefix = (videoId: string): string => createHash('sha256').update(videoId).digest('hex').slice(0, 4);

interface RawEntry {
  videoID?: unknown;
  segments?: { category?: unknown; segment?: unknown; actionType?: unknown }[];
}

/** The answer's entry for this video, its skip segments kept (mute and full-video labels are not stretches to cut). */
export function segmentsOf(body: unknown, videoId: string, wanted: readonly SponsorCategory[]): SponsorSegment[] {
  if (!Array.isArray(body)) return [];
  const entry = (body as RawEntry[]).find((e) => e && e.videoID === videoId);
  return (entry?.segments ?? []).flatMap((s) => {
    const [start, end] = Array.isArray(s.segment) ? (s.segment as unknown[]) : [];
    const category = s.category as SponsorCategory;
    const ok = typeof start === 'number' && typeof end === 'number' && Number.isFinite(start) && Number.isFinite(end) && end > start && start >= 0;
    if (!ok || !wanted.includes(category) || (s.actionType !== undefined && s.actionType !== 'skip')) return [];
    return [{ category, start, end }];
  }).sort((a, b) => a.start - b.start);
}

/**
 * The SponsorBlock segments of a YouTube video in these categories, asked by hash prefix through the guarded
 * fetch. Never throws: SponsorBlock off, down, slow (SPONSORBLOCK_TIMEOUT_MS) or answering nonsense is an answer
 * without segments that says why; a 404 is SponsorBlock saying the video has none.
 */
export async function fetchSponsorSegments(videoId: string, categories: readonly SponsorCategory[], signal?: AbortSignal): Promise<SegmentsAnswer> {
  const { SPONSORBLOCK, SPONSORBLOCK_URL, SPONSORBLOCK_TIMEOUT_MS } = config().env;
  if (!SPONSORBLOCK) return { ok: false, reason: 'off' };
  const wanted = SPONSOR_CATEGORIES.filter((c) => categories.includes(c));
  if (!VIDEO_ID.test(videoId) || wanted.length === 0) return { ok: true, segments: [] };
  const url = new URL(`${SPONSORBLOCK_URL}/api/skipSegments/${hashPrefix(videoId)}`);
  url.searchParams.set('categories', JSON.stringify(wanted));
  const timeout = AbortSignal.timeout(SPONSORBLOCK_TIMEOUT_MS);
  try {
    const answer = await fetchText(url, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout, timeoutMs: SPONSORBLOCK_TIMEOUT_MS,
      idleTimeoutMs: SPONSORBLOCK_TIMEOUT_MS, maxBytes: 1024 * 1024, headers: { accept: 'application/json' },
    });
    return { ok: true, segments: segmentsOf(JSON.parse(answer.text), videoId, wanted) };
  } catch (error) {
    signal?.throwIfAborted();
    const status = (error as { details?: { status?: number } }).details?.status;
    if (status === 404) return { ok: true, segments: [] };
    console.warn('[sponsorblock] no answer, going on without segments:', (error as Error).message);
    return { ok: false, reason: 'unavailable' };
  }
}
