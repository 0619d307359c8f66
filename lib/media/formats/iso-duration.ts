const ISO_DURATION = /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** ISO 8601 duration (PT1H2M3.5S, P1DT2H) → seconds; undefined when absent or malformed. */
export function parseIsoDuration(value: unknown): number | undefined {
  if (typeof value !== 'string' || value.length > 64) return undefined;
  const match = ISO_DURATION.exec(value.trim().toUpperCase());
  if (!match || value.trim().length < 2) return undefined;
  // Years and months have no fixed length; media never uses them, so approximate rather than refuse.
  const [, y, mo, w, d, h, mi, s] = match.map((part) => (part ? Number(part) : 0));
  const seconds = y * 31_536_000 + mo * 2_592_000 + w * 604_800 + d * 86_400 + h * 3600 + mi * 60 + s;
  return Number.isFinite(seconds) ? seconds : undefined;
}
