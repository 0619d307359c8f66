/**
 * Text for XML: characters XML 1.0 cannot hold at all (most C0 controls, lone surrogates, U+FFFE/FFFF) are
 * dropped, and the five markup characters escaped, so any title a platform gives stays well-formed in element text
 * and in double- or single-quoted attributes alike.
 */
export function xmlText(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** An element with escaped text, or nothing for an empty value. */
export const element = (name: string, value: string | null | undefined): string =>
  value ? `<${name}>${xmlText(value)}</${name}>` : '';
