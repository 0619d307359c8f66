// The bulk page's choices and its link splitting, zod-free so the browser's code can read them without the
// validator; the request schemas (schemas.ts) are built on the same values.
export const BULK_MAX_ITEMS = 50;
export const BULK_QUALITIES = ['360p', '720p', '1080p'] as const;
export const BULK_FORMATS = ['mp4', 'webm', 'mp3'] as const;
export type BulkQuality = (typeof BULK_QUALITIES)[number];
export type BulkFormat = (typeof BULK_FORMATS)[number];

/** Lines → links: trimmed, blanks dropped. The page uses it too, so both count the same links. */
export function splitUrls(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
