import 'server-only';
import path from 'node:path';
import { config } from '@/lib/config';

/** The library folder (LIBRARY_DIR, absolute), or null when the operator turned the library off. */
export function libraryRoot(): string | null {
  const dir = config().env.LIBRARY_DIR;
  return dir ? path.resolve(dir) : null;
}

/** The folder one user's files go to, as components below the library folder: their id alone. */
export function userFolder(userId: string): string {
  return userId;
}
