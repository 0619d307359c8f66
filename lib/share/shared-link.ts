/**
 * What a share sheet or a bookmarklet hands /download is often a whole sentence ("Look at this
 * https://vm.tiktok.com/ZM… #fyp"), split across `url`, `text` and `title` as each app sees fit. The link in it is
 * the first http(s) address, or the first `www.` address (read as https); punctuation that ends the sentence
 * around it is not part of it. No network, no knowledge of platforms: recognising the link comes after.
 */

// A scheme-prefixed or www. address, up to the first character that never occurs unescaped in a shared URL.
const CANDIDATE = /(?:https?:\/\/|(?<![\w.@/-])www\.)[^\s<>"'`{}|\\^\u00a0\u2000-\u200b\u3000]+/i;

// Closing punctuation of the sentence the link sits in (Latin, Arabic, CJK), never the end of a link itself.
const TRAILING = new Set([...'.,;:!?…»›”’)]}،؛؟。、，！？']);
const OPENER: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * Drops the sentence's punctuation from the end of a link, but keeps a closing bracket the link itself opened
 * ("…/Foo_(bar))." keeps one ")").
 */
function trimTrailing(link: string): string {
  let end = link.length;
  while (end > 0 && TRAILING.has(link[end - 1])) {
    const last = link[end - 1];
    const opener = OPENER[last];
    if (opener && count(link.slice(0, end - 1), opener) > count(link.slice(0, end - 1), last)) break;
    end -= 1;
  }
  return link.slice(0, end);
}

/** The first link in `text`, scheme added to a `www.` one; undefined when there is none. */
export function findLink(text: string): string | undefined {
  const match = CANDIDATE.exec(text);
  if (!match) return undefined;
  const link = trimTrailing(match[0]);
  const withScheme = /^https?:\/\//i.test(link) ? link : `https://${link}`;
  // A bare scheme or "www." alone is no address.
  return /^https?:\/\/[^/?#.]+\.[^/?#]/i.test(withScheme) || /^https?:\/\/[^/?#]+:\d+/i.test(withScheme) ? withScheme : undefined;
}

/**
 * The link a share brought, from its fields in the order apps fill them: `url` (also what the bookmarklet and
 * a pasted address use), then `text`, then `title`. Without any link, the `url` field as it came (the link box
 * then says what is wrong with it); undefined when nothing was shared at all.
 */
export function sharedLink(fields: { url?: string; text?: string; title?: string }): string | undefined {
  for (const value of [fields.url, fields.text, fields.title]) {
    const found = value ? findLink(value) : undefined;
    if (found) return found;
  }
  const raw = fields.url?.trim();
  return raw ? raw : undefined;
}
