import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { newId } from '@/lib/db/ids';
import { sameSecret } from '@/lib/http/server-secret';
import { hasAdmin } from './roles';

export const setupTokenPath = (): string => path.join(config().dataDir, 'setup-token');

/**
 * At start: an instance with no admin gets a one-time setup token in the data directory, readable by the server's
 * own user only (0600) — ADMIN_EMAILS or not, since a listed address becomes admin only once an identity provider or
 * the forward-auth proxy proves it, and a server with passwords alone would otherwise have no way to its first admin.
 * The log names the file, never the token: logs travel further than the data directory. Once an admin exists the
 * file is removed. Returns the file's path when one is waiting.
 */
export async function prepareSetupToken(db: Db, log: (line: string) => void = console.log): Promise<string | null> {
  const file = setupTokenPath();
  if (await hasAdmin(db)) {
    rmSync(file, { force: true });
    return null;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': a token already waiting (another node, an earlier start) is kept, so a link already handed out still works.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  log(`[grabline] No admin yet: a one-time setup token is in ${file}. Register with it (/register?setup=<token>) to become the admin.`);
  return file;
}

export function discardSetupToken(): void {
  rmSync(setupTokenPath(), { force: true });
}

/** A claim on the setup token, taken before the account is written so two registrations cannot both use it. */
export interface SetupClaim {
  /** The account was created: the token is spent for good. */
  spend(): void;
  /** The account was not created: the token waits again. */
  release(): void;
}

/**
 * Takes the setup token if `given` is it. The file is renamed away first (atomic on one file system): of two
 * registrations racing with the same token, one rename succeeds and the other finds no file.
 */
export function claimSetupToken(given: string): SetupClaim | null {
  const file = setupTokenPath();
  let expected: string;
  try {
    expected = readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  if (!expected || !sameSecret(given, expected)) return null;
  const claimed = `${file}.${newId('claim')}`;
  try {
    renameSync(file, claimed);
  } catch {
    return null;
  }
  return {
    spend: () => rmSync(claimed, { force: true }),
    release: () => renameSync(claimed, file),
  };
}
