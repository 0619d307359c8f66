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

type NumberFormat = (value: number, options: { style: 'unit'; unit: 'megabyte' | 'kilobit-per-second'; maximumFractionDigits: number }) => string;

/** Number and unit never part at a line's end: every space Intl put between them becomes a no-break one. */
const unbroken = (text: string) => text.replace(/\s/g, '\u00a0');

/**
 * The one way a size is written, on every screen and in every language: the locale's own megabyte unit and
 * digits (Intl), one decimal under 10 MB, "~" when the size is an estimate. Below one megabyte `under` words it
 * in the visitor's language ("under 1 MB"; default "< 1 MB"), never with a "~" as well.
 */
export function sizeText(number: NumberFormat, bytes: number, approximate = false, under: (size: string) => string = (size) => `< ${size}`): string {
  const megabytes = bytes / MB;
  const unit = (value: number, digits: number) => unbroken(number(value, { style: 'unit', unit: 'megabyte', maximumFractionDigits: digits }));
  if (megabytes < 1) return unbroken(under(unit(1, 0)));
  const text = unit(megabytes, megabytes < 10 ? 1 : 0);
  return approximate ? `~${text}` : text;
}

type QualityTexts = (key: 'originalQuality' | 'audioQuality') => string;

/**
 * A format's quality as written on every screen: "original" (a file of unknown resolution, kept as published) and
 * "audio" (a sound track of unknown bitrate) in the visitor's language; a bitrate ("320kbps") in the locale's
 * own unit when `number` is given; a resolution ("720p") as it is. `common` reads the Common texts.
 */
export function qualityText(common: QualityTexts, quality: string, number?: NumberFormat): string {
  if (quality === 'original') return common('originalQuality');
  if (quality === 'audio') return common('audioQuality');
  const kbps = /^(\d+)kbps$/.exec(quality);
  if (kbps && number) return unbroken(number(Number(kbps[1]), { style: 'unit', unit: 'kilobit-per-second', maximumFractionDigits: 0 }));
  return quality;
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
