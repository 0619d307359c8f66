// The containers a download job makes, zod-free so the browser's code can read them without the validator.
export const DOWNLOAD_FORMATS = ['mp4', 'webm', 'mp3', 'm4a', 'wav', 'opus'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
