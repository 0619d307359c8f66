/**
 * Times a visitor types or a link carries: seconds with decimals ("75", "75.5") or clock form ("1:15",
 * "1:15.5", "0:01:15"). Minutes and seconds after a colon are two digits below 60. No server-only imports:
 * the range control on the result card reads and writes the same text.
 */
const CLOCK = /^(?:(\d{1,3}):)?(\d{1,3}):([0-5]\d)(\.\d{1,3})?$/;
const SECONDS = /^\d{1,6}(\.\d{1,3})?$/;

/** Seconds, or undefined for text that is not a time. */
export function parseTimeText(text: string): number | undefined {
  const value = text.trim();
  if (SECONDS.test(value)) return Number(value);
  const clock = CLOCK.exec(value);
  if (!clock) return undefined;
  const [, hours, minutes, seconds, fraction] = clock;
  // With hours, minutes are two digits below 60 too ("1:75:00" is not a time).
  if (hours !== undefined && (minutes.length !== 2 || Number(minutes) > 59)) return undefined;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(fraction ?? 0);
}

/** 75.5 → "1:15.5", 3725 → "1:02:05": the clock form, tenths only when there are some. */
export function formatTimeText(seconds: number): string {
  const tenths = Math.round(Math.max(0, seconds) * 10);
  const whole = Math.floor(tenths / 10);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const fraction = tenths % 10 ? `.${tenths % 10}` : '';
  const ss = `${String(s).padStart(2, '0')}${fraction}`;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
