const VIDEO = /^(avc[1-4]|hvc1|hev1|dvh[1e]|vp0?[89]|vp09|av01|mp4v|theora)/i;
const AUDIO = /^(mp4a|ac-3|ec-3|ac-4|opus|vorbis|flac|mp3|alac|dtsc)/i;

/** "avc1.64001f,mp4a.40.2" → the video and the audio codec; null for a kind the list does not carry. */
export function splitCodecs(codecs: string | undefined): { vcodec: string | null; acodec: string | null } {
  const list = (codecs ?? '').split(',').map((c) => c.trim()).filter(Boolean);
  return {
    vcodec: list.find((c) => VIDEO.test(c)) ?? null,
    acodec: list.find((c) => AUDIO.test(c)) ?? null,
  };
}

/** A stable, id-safe slug: "English (AD)" → "english-ad". */
export function slug(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 32) || 'x';
}

/** Makes ids unique within one list by suffixing repeats. */
export function uniqueIds<T extends { id: string }>(list: T[]): T[] {
  const seen = new Map<string, number>();
  for (const item of list) {
    const count = seen.get(item.id) ?? 0;
    seen.set(item.id, count + 1);
    if (count > 0) item.id = `${item.id}-${count + 1}`;
  }
  return list;
}
