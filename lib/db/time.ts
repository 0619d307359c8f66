/** The store's clock: epoch milliseconds, the unit of every *_at column. */
export function now(): number {
  return Date.now();
}
