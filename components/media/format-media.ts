import type { Format } from '@/lib/media/types';

/**
 * Durations as minutes:seconds (hours only when there are some), sizes in whole megabytes. Values may
 * arrive as BigNumber from the big-number parser, hence the Number() coercions.
 */
export function formatDuration(seconds: unknown): string | null {
  const total = Math.round(Number(seconds));
  if (!Number.isFinite(total) || total <= 0) return null;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const MB = 1024 * 1024;

export interface FormatSize {
  /** whole megabytes; 0 means "under one" */
  megabytes: number;
  approximate: boolean;
}

export function formatSize(format: Pick<Format, 'filesize' | 'filesizeApprox'>): FormatSize | null {
  const bytes = Number(format.filesize);
  if (!Number.isFinite(bytes) || bytes <= 0) return null;
  return { megabytes: Math.round(bytes / MB), approximate: Boolean(format.filesizeApprox) };
}

/** A download filename the browser will accept on every OS; the server's Content-Disposition has the last word. */
export function downloadFilename(title: string, ext: string): string {
  const base = title
    // Control, bidi-override and path characters: they could hide the real extension or escape the folder.
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
  return `${base || 'download'}.${ext.replace(/[^a-z0-9]/gi, '') || 'bin'}`;
}
