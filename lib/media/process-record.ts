import 'server-only';
import { readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** The file in a working folder that says which process, on which host, made it (its holder). */
export const HOLDER_FILE = '.owner';

/** Records this process (and host) as the folder's holder. */
export function recordHolder(dir: string): void {
  writeFileSync(path.join(dir, HOLDER_FILE), JSON.stringify({ host: hostname(), pid: process.pid }), { mode: 0o600 });
}

/**
 * Whether the process that made the folder is gone — of this host, and no process by that id exists now, so
 * nothing will ever use the folder again; undefined when the folder records no holder.
 */
export function holderGone(dir: string): boolean | undefined {
  let holder: { host?: string; pid?: number };
  try {
    holder = JSON.parse(readFileSync(path.join(dir, HOLDER_FILE), 'utf8')) as typeof holder;
  } catch {
    return undefined;
  }
  if (holder.host !== hostname() || typeof holder.pid !== 'number' || holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
