/**
 * How long a text a stranger controls (a page, a platform, yt-dlp's answer) may be once it enters the system, in
 * UTF-16 code units. Past these nothing a person reads is lost, and everything that handles the text afterwards —
 * file names, headers, tags, the card, the history — does so in bounded time.
 */
export const TEXT_CAPS = {
  title: 1_000,
  description: 10_000,
  /** An uploader, a creator, a channel, a track's label: a name. */
  name: 300,
  /** One tag or short code: a language, a codec, a container, a MIME type, an id. */
  tag: 100,
  /** How many tags a list keeps. */
  tags: 100,
} as const;

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

/** `text` cut to at most `max` UTF-16 code units, never between the two halves of a surrogate pair. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(0, isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max);
}

/** capText for a text that may be absent. */
export function capOptional(text: string | undefined, max: number): string | undefined {
  return text === undefined ? undefined : capText(text, max);
}

/** At most TEXT_CAPS.tags tags, each capped to TEXT_CAPS.tag. */
export function capTags(tags: readonly string[]): string[] {
  return tags.slice(0, TEXT_CAPS.tags).map((tag) => capText(tag, TEXT_CAPS.tag));
}
