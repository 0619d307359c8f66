import 'server-only';

const lastRun = new Map<string, number>();

/**
 * Runs `task` at most once per `intervalMs` per process, in the background: housekeeping (expired counters,
 * tokens, attempts) rides on ordinary requests instead of needing a scheduler. Failures are logged, never thrown.
 */
export function runPeriodically(name: string, intervalMs: number, task: () => Promise<unknown>): void {
  const at = Date.now();
  if (at - (lastRun.get(name) ?? 0) < intervalMs) return;
  lastRun.set(name, at);
  task().catch((error) => console.error(`[housekeeping] ${name}`, error));
}
