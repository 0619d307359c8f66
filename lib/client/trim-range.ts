/** A clip of the media as the result card holds it: seconds, both ends inside [0, duration]. */
export interface TrimValue {
  start: number;
  end: number;
  exact: boolean;
}

/** The shortest clip the server cuts. */
export const MIN_CLIP = 0.1;

const tenth = (seconds: number) => Math.round(seconds * 10) / 10;

/** One end moved to `seconds`: rounded to a tenth, kept inside the media and at least MIN_CLIP from the other end. */
export function moveEnd(value: TrimValue, which: 'start' | 'end', seconds: number, duration: number): TrimValue {
  if (which === 'start') return { ...value, start: Math.min(Math.max(0, tenth(seconds)), tenth(value.end - MIN_CLIP)) };
  return { ...value, end: Math.max(Math.min(duration, tenth(seconds)), tenth(value.start + MIN_CLIP)) };
}

/**
 * A key on a handle → where that end goes: arrows by a second (a tenth on short media), pages by ten, Home/End to the
 * limits. Left and right follow the track: in a right-to-left page time runs leftwards, so ArrowLeft moves later and
 * ArrowRight earlier (as a native range input does); Up and Down always mean later and earlier.
 */
export function keyTarget(key: string, current: number, duration: number, dir: 'ltr' | 'rtl' = 'ltr'): number | undefined {
  const step = duration <= 20 ? 0.1 : 1;
  const page = Math.max(step, Math.min(10, duration / 10));
  if (dir === 'rtl' && (key === 'ArrowLeft' || key === 'ArrowRight')) key = key === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return current + step;
    case 'ArrowLeft':
    case 'ArrowDown':
      return current - step;
    case 'PageUp':
      return current + page;
    case 'PageDown':
      return current - page;
    case 'Home':
      return 0;
    case 'End':
      return duration;
    default:
      return undefined;
  }
}

/** The job body's cut: nothing for the whole media, else the ends as the API reads them. */
export function trimBody(value: TrimValue | undefined, duration: number | undefined): { start?: string; end?: string; exact?: boolean } {
  if (!value || !duration || (value.start <= 0 && value.end >= duration)) return {};
  return { start: String(value.start), end: String(value.end), ...(value.exact ? { exact: true } : {}) };
}
