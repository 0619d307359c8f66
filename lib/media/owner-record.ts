import 'server-only';
import { readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** The file in a working folder that says which process, on which host, made it. */
export const OWNER_FILE = '.owner';

/** Records this process (and host) as the folder's owner. */
export function recordOwner(dir: string): void {
  writeFileSync(path.join(dir, OWNER_FILE), JSON.stringify({ host: hostname(), pid: process.pid }), { mode: 0o600 });
}

/**
 * Whether the process that made the folder is gone — of this host, and no process by that id exists now, so
 * nothing will ever use the folder again; undefined when the folder records no owner.
 */
export function ownerGone(dir: string): boolean | undefined {
  let owner: { host?: string; pid?: number };
  try {
    owner = JSON.parse(readFileSync(path.join(dir, OWNER_FILE), 'utf8')) as typeof owner;
  } catch {
    return undefined;
  }
  if (owner.host !== hostname() || typeof owner.pid !== 'number' || owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
