import { z } from 'zod';

export const DOWNLOAD_FORMATS = ['mp4', 'webm', 'mp3', 'm4a', 'wav', 'opus'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** POST /api/media/download {url, quality, format} (the public API), optionally {itag, item}. */
export const downloadJobRequestSchema = z
  .object({
    url: z.string().trim().catch(''),
    quality: z.string().trim().max(16).default('1080p'),
    format: z.enum(DOWNLOAD_FORMATS).default('mp4'),
    // The web page names the exact format the visitor chose; quality and format then only describe it.
    itag: z.string().trim().min(1).max(64).optional().describe('An exact format from the analysis (overrides quality and format)'),
    item: z.string().trim().min(1).max(128).optional().describe('Which item of a multi-item post the itag belongs to'),
  })
  .refine((body) => body.url.length > 0, { message: 'Please enter a valid URL' });
export type DownloadJobRequest = z.infer<typeof downloadJobRequestSchema>;

export const DOWNLOAD_STATUSES = ['queued', 'analyzing', 'processing', 'ready', 'failed'] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];

/** GET /api/media/progress/{id} → data: one download's progress. */
export interface DownloadProgress {
  id: string;
  _id: string;
  status: DownloadStatus;
  /** 0..100, never moving backwards */
  progress: number;
  message: string;
  /** `/api/download/{mediaId}?itag=&ext=` once ready, else null */
  downloadUrl: string | null;
  /** the error's code when failed */
  code?: string;
}

