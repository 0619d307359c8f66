'use client';

import { useCallback } from 'react';
import type { Format } from '@/lib/media/types';
import { downloadFilename } from './format-media';

export interface DownloadRequest {
  /** MediaInfo.id */
  mediaId: string;
  title: string;
  format: Format;
}

export function downloadHref({ mediaId, format }: DownloadRequest): string {
  const query = new URLSearchParams({ itag: format.itag, ext: format.ext });
  return `/api/download/${encodeURIComponent(mediaId)}?${query}`;
}

/**
 * The Download button's one action. For now the browser fetches the file itself through a generated link named
 * title.ext (SPEC §7); the download-job flow with a progress card replaces only this hook.
 */
export function useStartDownload() {
  return useCallback((request: DownloadRequest) => {
    const link = document.createElement('a');
    link.href = downloadHref(request);
    link.download = downloadFilename(request.title, request.format.ext);
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  }, []);
}
