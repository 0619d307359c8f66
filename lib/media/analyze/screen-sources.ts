import 'server-only';
import { assertFetchableUrl } from '@/lib/net/guarded-fetch';
import type { Extraction, SourceFormat, SubtitleSource } from '@/lib/media/types';

type Check = (url: string) => Promise<unknown>;

function urlsOf(source: SourceFormat | SubtitleSource): string[] {
  return [
    source.url,
    ...(source.initialization ? [source.initialization.url] : []),
    ...(source.fragments ?? []).map((f) => f.url),
    ...('encryption' in source && source.encryption ? [source.encryption.keyUrl] : []),
  ];
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** The guard's verdict per origin (a page names many URLs on few hosts): true when we would fetch from it. */
function originVerdicts(check: Check): (url: string) => Promise<boolean> {
  const verdicts = new Map<string, Promise<boolean>>();
  return (url) => {
    const key = origin(url);
    let verdict = verdicts.get(key);
    if (!verdict) {
      verdict = check(url).then(() => true, () => false);
      verdicts.set(key, verdict);
    }
    return verdict;
  };
}

/**
 * yt-dlp reads pages without our guard's eyes on what it finds: a page may name a stream on a private address
 * (169.254.169.254, 10.x). Every origin its sources point at passes the guard here (once per origin), and a
 * source with any refused URL is dropped — the user is never offered what we would refuse to fetch.
 */
export async function screenSources(extraction: Extraction, check: Check = assertFetchableUrl): Promise<Extraction> {
  const allowed = originVerdicts(check);
  const keep = async <T extends SourceFormat | SubtitleSource>(sources: T[]) => {
    const results = await Promise.all(sources.map(async (s) => (await Promise.all(urlsOf(s).map(allowed))).every(Boolean)));
    return sources.filter((_, index) => results[index]);
  };
  const screened: Extraction = { ...extraction, sources: await keep(extraction.sources) };
  // Text tracks too: a caption file on a private address is never offered.
  if (extraction.subtitles) screened.subtitles = await keep(extraction.subtitles);
  if (extraction.items) {
    screened.items = await Promise.all(extraction.items.map(async (item) => ({ ...item, sources: await keep(item.sources) })));
  }
  return screened;
}

/**
 * A thumbnail on a private address is dropped here, whichever engine found it, and the card shows its placeholder:
 * our thumbnail route would refuse to fetch it anyway, so no signed link is ever minted for it.
 */
export async function screenThumbnails(extraction: Extraction, check: Check = assertFetchableUrl): Promise<Extraction> {
  const allowed = originVerdicts(check);
  const keep = async <T extends { thumbnail?: string }>(holder: T): Promise<T> => {
    if (!holder.thumbnail || (await allowed(holder.thumbnail))) return holder;
    return { ...holder, thumbnail: undefined };
  };
  const [top, items, entries] = await Promise.all([
    keep(extraction),
    extraction.items && Promise.all(extraction.items.map(keep)),
    extraction.entries && Promise.all(extraction.entries.map(keep)),
  ]);
  return { ...top, ...(items ? { items } : {}), ...(entries ? { entries } : {}) };
}
