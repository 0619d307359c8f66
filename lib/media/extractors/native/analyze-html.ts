import { AppError } from '@/lib/errors';
import { titleFromUrl } from '@/lib/media/formats/stream-title';
import type { ExtractedItem, SourceFormat } from '@/lib/media/types';
import type { ResourceAnalysis } from './resource-analysis';
import { uniqueIds } from './codecs';
import { decisiveError, mapLimited, type NativeContext } from './context';
import { parseHtmlMedia, type MediaCandidate } from './html';

const MAX_CANDIDATES = 24;
const STREAM_KINDS = new Set(['video', 'audio', 'hls', 'dash']);

type Resolve = (url: string) => Promise<ResourceAnalysis>;

/**
 * Streams beat pictures: on a page with a video, og:image is its thumbnail, unless the page declares pictures as
 * slides of the post (a mixed carousel). A page without any stream is an image post. Embed pages are yt-dlp's.
 */
function pickCandidates(candidates: MediaCandidate[]): MediaCandidate[] {
  const hasStream = candidates.some((c) => STREAM_KINDS.has(c.kind));
  return candidates
    .filter((c) => STREAM_KINDS.has(c.kind) || (c.kind === 'image' && (!hasStream || c.listed)))
    .slice(0, MAX_CANDIDATES);
}

async function checkedEntries(ctx: NativeContext, entries: { url: string; title?: string; thumbnail?: string }[]) {
  const results = await mapLimited(entries, 8, async (entry) => (await ctx.check(entry.url), entry));
  return results.flatMap((r) => (r.ok ? [r.value] : []));
}

/** An HTML page → its media: one item, several (a carousel), or a feed of entries. */
export async function analyzeHtml(ctx: NativeContext, html: string, pageUrl: string, resolve: Resolve): Promise<ResourceAnalysis> {
  const page = parseHtmlMedia(html, pageUrl);
  const title = page.title || titleFromUrl(pageUrl);
  const base = { url: pageUrl, title, description: page.description, thumbnail: page.thumbnail, duration: page.duration, uploadDate: page.uploadDate };
  const candidates = pickCandidates(page.candidates);

  if (page.entries?.length && !candidates.some((c) => STREAM_KINDS.has(c.kind))) {
    const entries = await checkedEntries(ctx, page.entries);
    if (entries.length) return { ...base, kind: 'playlist', sources: [], entries };
  }

  // Every URL a page names passes the guard before anything fetches it; a refused one yields nothing.
  const results = await mapLimited(candidates, 4, (c) => resolve(c.url));
  // Map order is insertion order; groups are inserted in candidate order, which is page order of trust.
  const groups = new Map<number, { sources: SourceFormat[]; found: ResourceAnalysis; candidate: MediaCandidate }>();
  const seenSources = new Set<string>();
  results.forEach((result, i) => {
    if (!result.ok) return;
    const fresh = result.value.sources.filter((s) => !seenSources.has(`${s.protocol} ${s.url} ${s.id}`));
    fresh.forEach((s) => seenSources.add(`${s.protocol} ${s.url} ${s.id}`));
    if (!fresh.length) return;
    const group = groups.get(candidates[i].group);
    if (group) group.sources.push(...fresh);
    else groups.set(candidates[i].group, { sources: [...fresh], found: result.value, candidate: candidates[i] });
  });
  if (groups.size === 0) {
    const errors = results.flatMap((r) => (r.ok ? [] : [r.error]));
    throw decisiveError(errors) ?? new AppError('no_media', 'No downloadable media found at this link');
  }

  const items: ExtractedItem[] = [...groups.values()].map((g, i) => ({
    id: String(i + 1),
    title: groups.size > 1 ? `${title} (${i + 1})` : title,
    thumbnail: g.candidate.kind === 'image' ? g.candidate.url : g.found.thumbnail ?? page.thumbnail,
    duration: g.found.duration ?? (groups.size === 1 ? page.duration : undefined),
    sources: uniqueIds(g.sources),
  }));
  const first = items[0];
  const allImages = items.every((item) => item.sources.every((s) => s.isImage));
  return {
    ...base,
    kind: items.length > 1 ? 'post' : allImages ? 'photo' : 'video',
    thumbnail: page.thumbnail ?? first.thumbnail,
    duration: first.duration,
    sources: first.sources,
    ...(items.length > 1 ? { items } : {}),
  };
}
