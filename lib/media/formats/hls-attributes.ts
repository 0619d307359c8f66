/**
 * HLS attribute lists (RFC 8216 §4.2): `KEY=value,KEY="quoted, with commas"`. Written as a single forward scan so
 * malformed input (unterminated quotes, stray commas) can never loop.
 */
export function parseAttributeList(input: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const text = input.length > 16_384 ? input.slice(0, 16_384) : input;
  let i = 0;
  while (i < text.length) {
    while (i < text.length && (text[i] === ',' || text[i] === ' ')) i++;
    const eq = text.indexOf('=', i);
    if (eq < 0) break;
    const key = text.slice(i, eq).trim().toUpperCase();
    i = eq + 1;
    let value: string;
    if (text[i] === '"') {
      const close = text.indexOf('"', i + 1);
      const end = close < 0 ? text.length : close;
      value = text.slice(i + 1, end);
      i = end + 1;
      const comma = text.indexOf(',', i);
      i = comma < 0 ? text.length : comma + 1;
    } else {
      const comma = text.indexOf(',', i);
      const end = comma < 0 ? text.length : comma;
      value = text.slice(i, end).trim();
      i = end + 1;
    }
    if (key && /^[A-Z0-9-]+$/.test(key)) attrs[key] = value;
  }
  return attrs;
}

/** "1280x720" → {width, height}; undefined when malformed. */
export function parseResolution(value: string | undefined): { width: number; height: number } | undefined {
  const match = value ? /^(\d{1,6})x(\d{1,6})$/i.exec(value.trim()) : null;
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
}

/** A finite non-negative number, or undefined. */
export function parseNumber(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** "n[@o]" → length and optional offset. */
export function parseByteRangeSpec(value: string | undefined): { length: number; offset?: number } | undefined {
  const match = value ? /^\s*(\d{1,15})(?:@(\d{1,15}))?\s*$/.exec(value) : null;
  if (!match) return undefined;
  return { length: Number(match[1]), offset: match[2] === undefined ? undefined : Number(match[2]) };
}
