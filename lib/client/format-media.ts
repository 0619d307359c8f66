/**
 * Durations as minutes:seconds (hours only when there are some) and sizes (sizeText). Values may
 * arrive as digit strings from the exact JSON parser (integers over 15 digits), hence the Number() coercions.
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

type NumberFormat = (value: number, options: { style: 'unit'; unit: 'megabyte'; maximumFractionDigits: number }) => string;

/**
 * The one way a size is written, on every screen and in every language: the locale's own megabyte unit and
 * digits (Intl), one decimal under 10 MB, "< 1 MB" below one, "~" when the size is an estimate.
 */
export function sizeText(number: NumberFormat, bytes: number, approximate = false): string {
  const megabytes = bytes / MB;
  const unit = (value: number, digits: number) => number(value, { style: 'unit', unit: 'megabyte', maximumFractionDigits: digits });
  const text = megabytes < 1 ? `< ${unit(1, 0)}` : unit(megabytes, megabytes < 10 ? 1 : 0);
  return approximate ? `~${text}` : text;
}

/**
 * A format's quality as written on every screen: "original" (a file of unknown resolution, kept as published) in
 * the visitor's language; a resolution or bitrate ("720p", "320kbps") as it is. `common` reads the Common texts.
 */
export function qualityText(common: (key: 'originalQuality') => string, quality: string): string {
  return quality === 'original' ? common('originalQuality') : quality;
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
