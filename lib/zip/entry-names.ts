/** Bytes a name may take before its extension; leaves room for " (NN)" and the extension under 255. */
const MAX_STEM_BYTES = 200;

// Control characters, bidi overrides/isolates (they can make "evil‮4pm.exe" read as "evilexe.mp4"),
// and the characters Windows or a path would treat specially.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"/\\|?*]/g;

function truncateBytes(text: string, max: number): string {
  let out = '';
  for (const char of text) {
    if (Buffer.byteLength(out + char, 'utf8') > max) break;
    out += char;
  }
  return out;
}

const DOT_OR_SPACE = /^[.\s]$/;

/**
 * The text without its leading and trailing dots and white space. A loop over the two ends, not a regular
 * expression: /[.\s]+$/ retries from every dot of a long run inside a title, quadratic in its length.
 */
function trimDotsAndSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && DOT_OR_SPACE.test(text[start]!)) start += 1;
  while (end > start && DOT_OR_SPACE.test(text[end - 1]!)) end -= 1;
  return text.slice(start, end);
}

/**
 * A title → a file name stem that is safe on every OS and inside an archive: no paths, no leading or trailing dots.
 * Linear in the title's length, whatever it holds.
 */
export function safeStem(title: string | undefined, fallback = 'media'): string {
  const cleaned = trimDotsAndSpace((title ?? '').normalize('NFC').replace(UNSAFE, ' ').replace(/\s+/g, ' '));
  // Cut to size, the ends are trimmed again: the cut may have landed inside a run of dots or spaces.
  return trimDotsAndSpace(truncateBytes(cleaned, MAX_STEM_BYTES)) || fallback;
}

/**
 * Hands out archive names: "Title.mp4", then "Title (2).mp4" for the next file with the same name. Compared
 * case-insensitively, because extracting on macOS or Windows would otherwise overwrite one with the other.
 */
export function createNameAllocator(): (title: string | undefined, ext: string) => string {
  const taken = new Set<string>();
  return (title, ext) => {
    const stem = safeStem(title);
    const suffix = ext ? `.${ext.replace(/[^a-z0-9]/gi, '').slice(0, 8)}` : '';
    for (let n = 1; ; n++) {
      const name = n === 1 ? `${stem}${suffix}` : `${stem} (${n})${suffix}`;
      const key = name.toLowerCase();
      if (!taken.has(key)) {
        taken.add(key);
        return name;
      }
    }
  };
}
