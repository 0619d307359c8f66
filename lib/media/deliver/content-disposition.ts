const MAX_FILENAME_BYTES = 255;
const FALLBACK_NAME = 'download';

/**
 * Control characters (C0, DEL, C1: CR/LF split headers), bidi overrides, isolates and marks (a title ending
 * in U+202E "gpj.exe" would display as "exe.jpg"), and characters no file system accepts in a name.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff/\\:*?"<>|]/g;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8');

/** Cuts `text` to at most `maxBytes` of UTF-8 without splitting a code point (or a surrogate pair). */
function truncateUtf8(text: string, maxBytes: number): string {
  let bytes = 0;
  let out = '';
  for (const char of text) {
    const size = utf8Length(char);
    if (bytes + size > maxBytes) break;
    bytes += size;
    out += char;
  }
  return out;
}

const isEdge = (char: string) => char === '.' || /\s/.test(char);

/**
 * Dots and spaces off both ends, by walking in from each: the regex /[\s.]+$/ backtracks quadratically on a long run
 * of dots inside a title (80 000 of them took 10 s), and titles come from the pages we read.
 */
function trimEdges(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isEdge(text[start])) start += 1;
  while (end > start && isEdge(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

/** A title → a file name safe on every OS and in a header: `<title>.<ext>`, ≤ 255 bytes of UTF-8. */
export function safeFilename(title: string, ext: string): string {
  const cleanExt = ext.replace(/[^A-Za-z0-9]/g, '').slice(0, 10).toLowerCase();
  const suffix = cleanExt ? `.${cleanExt}` : '';
  // The name keeps at most 255 bytes: a megabyte-long title need not be normalised and cleaned whole first. A
  // lone surrogate (a JSON-LD "\ud800", or the cut itself) cannot be percent-encoded: it becomes U+FFFD.
  const collapsed = title.slice(0, 4 * MAX_FILENAME_BYTES).replace(LONE_SURROGATE, '\ufffd').normalize('NFC').replace(UNSAFE, ' ').replace(/\s+/g, ' ');
  const base = trimEdges(truncateUtf8(trimEdges(collapsed), MAX_FILENAME_BYTES - utf8Length(suffix)));
  return `${base || FALLBACK_NAME}${suffix}`;
}

/** The ASCII `filename=` for old clients: accents dropped, anything else non-ASCII becomes '_'. */
function asciiFallback(filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/gu, '_')
    .replace(/_+/g, '_');
  return ascii.replace(/["\\]/g, (c) => `\\${c}`);
}

/** RFC 5987 / 8187 ext-value: UTF-8, percent-encoded beyond attr-char. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="<ascii>"; filename*=UTF-8''<encoded>` for a media title and the offer's extension. */
export function contentDisposition(title: string, ext: string): string {
  const filename = safeFilename(title, ext);
  return `attachment; filename="${asciiFallback(filename)}"; filename*=UTF-8''${rfc5987(filename)}`;
}
