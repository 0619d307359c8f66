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

const suffixOf = (ext: string) => {
  const cleanExt = ext.replace(/[^A-Za-z0-9]/g, '').slice(0, 10).toLowerCase();
  return cleanExt ? `.${cleanExt}` : '';
};

/** A title → a file name safe on every OS and in a header: `<title>.<ext>`, ≤ 255 bytes of UTF-8. */
export function safeFilename(title: string, ext: string): string {
  const suffix = suffixOf(ext);
  // The name keeps at most 255 bytes: a megabyte-long title need not be normalised and cleaned whole first. A
  // lone surrogate (a JSON-LD "\ud800", or the cut itself) cannot be percent-encoded: it becomes U+FFFD.
  const collapsed = title.slice(0, 4 * MAX_FILENAME_BYTES).replace(LONE_SURROGATE, '\ufffd').normalize('NFC').replace(UNSAFE, ' ').replace(/\s+/g, ' ');
  const base = trimEdges(truncateUtf8(trimEdges(collapsed), MAX_FILENAME_BYTES - utf8Length(suffix)));
  return `${base || FALLBACK_NAME}${suffix}`;
}

/**
 * The ASCII `filename=` for old clients, from the safe name: accents dropped, anything else non-ASCII becomes '_'.
 * The compatibility decomposition makes new ASCII out of other characters ('．．／' becomes '../', '＂' a quote,
 * '‥' two dots), so its result is cleaned as a title is, after it: no separator, quote or control character, no
 * dot or space at either end, "download" when nothing is left — and no run of dots, so no '..' reaches a client.
 */
function asciiFallback(filename: string, ext: string): string {
  const base = filename.slice(0, filename.length - suffixOf(ext).length);
  const ascii = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/gu, '_')
    .replace(/_+/g, '_')
    .replace(/\.{2,}/g, '.');
  // The cleaning leaves no quote or backslash; escaping them anyway keeps the quoted string sound whatever changes.
  return safeFilename(ascii, ext).replace(/["\\]/g, (c) => `\\${c}`);
}

/** RFC 5987 / 8187 ext-value: UTF-8, percent-encoded beyond attr-char. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="<ascii>"; filename*=UTF-8''<encoded>` for a media title and the offer's extension. */
export function contentDisposition(title: string, ext: string): string {
  const filename = safeFilename(title, ext);
  return `attachment; filename="${asciiFallback(filename, ext)}"; filename*=UTF-8''${rfc5987(filename)}`;
}
