/**
 * File and folder names every common file system accepts (Windows, macOS, Linux): no characters any of them
 * forbids, no name Windows reserves, no trailing dot or space, at most 255 bytes of UTF-8 without cutting a
 * character. Pure.
 */

export const MAX_COMPONENT_BYTES = 255;

const RESERVED = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;
// Windows forbids <>:"/\|?* and control characters; macOS's Finder shows ":" as "/".
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The longest start of `text` within `max` UTF-8 bytes, cut between characters (whole graphemes). */
export function truncateBytes(text: string, max: number): string {
  if (bytes(text) <= max) return text;
  let out = '';
  let used = 0;
  for (const { segment } of segmenter.segment(text)) {
    const size = bytes(segment);
    if (used + size > max) break;
    out += segment;
    used += size;
  }
  return out;
}

/** Without leading white space, nor trailing white space and dots (Windows drops those, making another name). */
function trimEnds(text: string): string {
  let end = text.length;
  while (end > 0 && /[\s.]/u.test(text[end - 1])) end--;
  return text.slice(0, end).trimStart();
}

/** One component made safe, whatever it held; never empty, never "." or "..". */
function cleanPart(text: string): string {
  return trimEnds(text.normalize('NFC').replace(FORBIDDEN, '_').replace(/\s+/gu, ' '));
}

/** A reserved device name, with or without an extension ("nul", "CON.txt"), gets a leading "_". */
function unreserve(name: string): string {
  const stem = name.split('.')[0];
  return RESERVED.test(stem.trim()) ? `_${name}` : name;
}

/** A safe folder name. */
export function safeFolderName(text: string): string {
  const cleaned = unreserve(cleanPart(text));
  const cut = trimEnds(truncateBytes(cleaned, MAX_COMPONENT_BYTES));
  return cut === '' || cut === '.' || cut === '..' ? '_' : cut;
}

/** Splits "name.ext" at its last dot; a leading dot or none means no extension. */
export function splitExt(name: string): { stem: string; ext: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return { stem: name, ext: '' };
  return { stem: name.slice(0, dot), ext: name.slice(dot) };
}

/**
 * A safe file name: the stem shortened (never the extension) so that the name with the collision suffix
 * `suffix` (" (2)") still fits in 255 bytes.
 */
export function safeFileName(text: string, suffix = ''): string {
  const { stem, ext } = splitExt(cleanPart(text));
  const safeExt = truncateBytes(cleanPart(ext), 16);
  const room = MAX_COMPONENT_BYTES - bytes(safeExt) - bytes(suffix);
  let safeStem = trimEnds(truncateBytes(stem, room));
  if (safeStem === '' || safeStem === '.' || safeStem === '..') safeStem = '_';
  return unreserve(`${safeStem}${suffix}${safeExt}`);
}

/** A safe relative path: every folder made safe, the last component a safe file name. */
export function safePath(components: readonly string[]): string[] {
  if (components.length === 0) return ['_'];
  const folders = components.slice(0, -1).map(safeFolderName);
  return [...folders, safeFileName(components[components.length - 1])];
}

/**
 * The first name not taken: the name itself, then "name (2).ext", "name (3).ext"… `taken` compares names as a
 * case-insensitive file system would (the caller lower-cases what it holds).
 */
export function numberedName(name: string, taken: (candidate: string) => boolean, limit = 10_000): string {
  if (!taken(name)) return name;
  for (let n = 2; n <= limit; n++) {
    const candidate = safeFileName(name, ` (${n})`);
    if (!taken(candidate)) return candidate;
  }
  throw new Error(`No free name for ${name}`);
}
