const UNITS = ['KB', 'MB', 'GB', 'TB'];

/** Bytes → the text the result card shows ("24.5 MB"); "~" marks an estimate, '' an unknown size. */
export function fileSizeText(bytes: number | undefined, approx = false): string {
  if (bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  const prefix = approx ? '~' : '';
  if (bytes < 1024) return `${prefix}${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value >= 100 || unit === 0 ? 0 : 1;
  return `${prefix}${value.toFixed(digits)} ${UNITS[unit]}`;
}
