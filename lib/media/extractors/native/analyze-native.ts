import 'server-only';
import { createHash } from 'node:crypto';
import { assertFetchableUrl, guardedFetch } from '@/lib/net/guarded-fetch';
import { AppError } from '@/lib/errors';
import type { Extraction } from '@/lib/media/types';
import { analyzeResource } from './analyze-resource';
import { createContext } from './context';
import type { Fetcher, UrlChecker } from './fetcher';

export interface NativeDeps {
  fetcher?: Fetcher;
  checkUrl?: UrlChecker;
}

/** A stable id for the media at a URL: the same link always names the same analysis. */
export function nativeId(url: string): string {
  return createHash('sha1').update(url).digest('hex').slice(0, 12);
}

function canonical(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  } catch {
    throw new AppError('invalid_url', 'This link is not valid');
  }
}

/**
 * The "native" analyse engine: direct media files, HTML pages, HLS and DASH, analysed in-process.
 * Every URL met on the way — redirects, page candidates, variant playlists, segments — passes `checkUrl`.
 */
export async function analyzeNative(url: string, deps: NativeDeps = {}): Promise<Extraction> {
  const canonicalUrl = canonical(url);
  const ctx = createContext(deps.fetcher ?? guardedFetch, deps.checkUrl ?? assertFetchableUrl);
  const found = await analyzeResource(ctx, canonicalUrl, 0);
  const extraction: Extraction = {
    id: nativeId(canonicalUrl),
    url: canonicalUrl,
    title: found.title,
    platform: 'generic',
    kind: found.kind,
    sources: found.sources,
    engine: 'native',
  };
  if (found.description) extraction.description = found.description;
  if (found.thumbnail) extraction.thumbnail = found.thumbnail;
  if (found.duration !== undefined) extraction.duration = found.duration;
  if (found.uploadDate) extraction.uploadDate = found.uploadDate;
  if (found.subtitles) extraction.subtitles = found.subtitles;
  if (found.items) extraction.items = found.items.map((item) => ({ ...item, id: `${extraction.id}-${item.id}` }));
  if (found.entries) extraction.entries = found.entries;
  return extraction;
}
