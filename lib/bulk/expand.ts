import type { AnalyzedMedia } from '@/lib/media/analyze';

/**
 * A playlist or channel link stands for its entries; anything that has media of its own is downloaded as
 * itself (a video page that also lists related videos is still that video). Entries without a URL, and the
 * same URL twice, are dropped.
 */
export function expandableEntries(media: AnalyzedMedia): { url: string; title?: string }[] | undefined {
  const { info } = media;
  const entries = info.entries ?? [];
  if (entries.length === 0) return undefined;
  const listKind = info.kind === 'playlist' || info.kind === 'channel';
  if (!listKind && (info.formats.length > 0 || (info.items?.length ?? 0) > 0)) return undefined;
  const seen = new Set<string>();
  const out: { url: string; title?: string }[] = [];
  for (const entry of entries) {
    if (!entry.url || seen.has(entry.url)) continue;
    seen.add(entry.url);
    out.push(entry.title ? { url: entry.url, title: entry.title } : { url: entry.url });
  }
  return out;
}
