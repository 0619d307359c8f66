/** One chapter of a media, in seconds of its timeline. */
export interface Chapter {
  start: number;
  end: number;
  title: string;
}

/** A stretch of the timeline (a SponsorBlock segment, a removed range). */
export interface TimeRange {
  start: number;
  end: number;
}

/** Shorter than this, a chapter is a rounding artefact, not a chapter: players could not even show it. */
const MIN_CHAPTER = 0.05;
const MAX_TITLE = 200;

const cleanTitle = (title: string, index: number) =>
  title.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE) || `Chapter ${index + 1}`;

/**
 * Chapters as a source gives them → ordered, within the media, without overlaps: each ends where the next
 * begins (or at its own end when earlier), the last at the duration when its end is missing. Nonsense (NaN,
 * negative, empty) is dropped, never thrown.
 */
export function normaliseChapters(
  raw: readonly { start?: number; end?: number; title?: string }[], duration?: number,
): Chapter[] {
  const limit = duration && duration > 0 ? duration : Infinity;
  const starts = raw
    .filter((c) => typeof c.start === 'number' && Number.isFinite(c.start) && c.start >= 0 && c.start < limit)
    .sort((a, b) => a.start! - b.start!);
  const chapters: Chapter[] = [];
  starts.forEach((c, i) => {
    const next = starts[i + 1]?.start ?? limit;
    const own = typeof c.end === 'number' && Number.isFinite(c.end) && c.end > c.start! ? c.end : next;
    const end = Math.min(own, next, limit);
    if (!Number.isFinite(end) || end - c.start! < MIN_CHAPTER) return;
    chapters.push({ start: c.start!, end, title: cleanTitle(c.title ?? '', chapters.length) });
  });
  return chapters;
}

/**
 * The chapters of a clip [from, to) of the media, on the clip's own timeline: those outside are dropped, those
 * across an edge are cut at it.
 */
export function chaptersWithin(chapters: readonly Chapter[], from: number, to: number): Chapter[] {
  return chapters
    .map((c) => ({ title: c.title, start: Math.max(c.start, from) - from, end: Math.min(c.end, to) - from }))
    .filter((c) => c.end - c.start >= MIN_CHAPTER);
}

/** Ranges sorted and merged, each within [0, duration]; ranges shorter than a frame are dropped. */
export function mergeRanges(ranges: readonly TimeRange[], duration = Infinity): TimeRange[] {
  const sorted = ranges
    .map((r) => ({ start: Math.max(0, r.start), end: Math.min(duration, r.end) }))
    .filter((r) => Number.isFinite(r.start) && r.end - r.start >= 0.01)
    .sort((a, b) => a.start - b.start);
  const merged: TimeRange[] = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  return merged;
}

/** The stretches that stay once `removed` is cut out of [0, duration]. */
export function keptRanges(removed: readonly TimeRange[], duration: number): TimeRange[] {
  const kept: TimeRange[] = [];
  let at = 0;
  for (const r of mergeRanges(removed, duration)) {
    if (r.start > at) kept.push({ start: at, end: r.start });
    at = Math.max(at, r.end);
  }
  if (duration > at) kept.push({ start: at, end: duration });
  return kept.filter((r) => r.end - r.start >= 0.01);
}

/** A time of the original timeline on the timeline left once `removed` is cut out. */
export function shiftedTime(time: number, removed: readonly TimeRange[]): number {
  let gone = 0;
  for (const r of mergeRanges(removed)) {
    if (r.end <= time) gone += r.end - r.start;
    else if (r.start < time) gone += time - r.start;
  }
  return time - gone;
}

/** Chapters once `removed` is cut out: each keeps what is left of it, moved up by what went before it. */
export function chaptersWithout(chapters: readonly Chapter[], removed: readonly TimeRange[]): Chapter[] {
  return chapters
    .map((c) => ({ title: c.title, start: shiftedTime(c.start, removed), end: shiftedTime(c.end, removed) }))
    .filter((c) => c.end - c.start >= MIN_CHAPTER);
}

/**
 * Marked stretches (SponsorBlock segments) laid over the chapters as chapters of their own, titled by `titleOf`:
 * a chapter a mark falls inside is split around it, so every moment still belongs to exactly one chapter. A
 * media without chapters gets the marks and the stretches between them (untitled ones are named after the media).
 */
export function chaptersWithMarks(
  chapters: readonly Chapter[], marks: readonly (TimeRange & { title: string })[], duration: number, untitled: string,
): Chapter[] {
  const ordered = mergeRanges(marks, duration).map((r) => ({ ...r, title: marks.find((m) => m.start <= r.start + 1e-6 && m.end > r.start)?.title ?? untitled }));
  if (ordered.length === 0) return [...chapters];
  const base = chapters.length > 0 ? chapters : [{ start: 0, end: duration, title: untitled }];
  const pieces: Chapter[] = [];
  for (const c of base) {
    let at = c.start;
    for (const m of ordered) {
      if (m.end <= at || m.start >= c.end) continue;
      if (m.start > at) pieces.push({ start: at, end: m.start, title: c.title });
      at = Math.min(c.end, m.end);
    }
    if (c.end > at) pieces.push({ start: at, end: c.end, title: c.title });
  }
  for (const m of ordered) pieces.push({ start: m.start, end: m.end, title: m.title });
  return pieces.filter((c) => c.end - c.start >= MIN_CHAPTER).sort((a, b) => a.start - b.start);
}
