// Zod-free and server-free: the browser's code builds the same links.

/**
 * The link a client is handed for a prepared file: GET /api/download/{mediaId} with the query that makes that very
 * file — its offer, and how it was made (audio language, muxed text track, cut, without the media's tags, loudness).
 */
export function downloadUrl(mediaId: string, file: {
  itag: string; ext: string; lang?: string; subs?: string; trim?: { start: number; end: number; exact?: boolean }; embedMetadata?: boolean;
  loudness?: string;
  /** The chapter options' own query (split, SponsorBlock's lists). */
  chapters?: Record<string, string>;
}): string {
  const query = new URLSearchParams({ itag: file.itag, ext: file.ext });
  if (file.lang) query.set('lang', file.lang);
  if (file.subs) query.set('subs', file.subs);
  if (file.trim) {
    query.set('start', String(file.trim.start));
    query.set('end', String(file.trim.end));
    if (file.trim.exact) query.set('exact', '1');
  }
  if (file.embedMetadata === false) query.set('embedMetadata', 'false');
  if (file.loudness) query.set('loudness', file.loudness);
  for (const [name, value] of Object.entries(file.chapters ?? {})) query.set(name, value);
  return `/api/download/${encodeURIComponent(mediaId)}?${query}`;
}
