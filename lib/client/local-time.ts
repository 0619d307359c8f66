/**
 * A moment as the visitor reads it: their language, and their own time zone — the browser's Intl without a
 * timeZone option, never the server's zone (which is what next-intl's formatter would be handed from the server).
 * The time alone when it falls on the visitor's today, with the date otherwise. Call it in the browser only.
 */
export function localTime(iso: string, locale: string, now: Date = new Date()): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const sameDay = at.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(locale, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}
