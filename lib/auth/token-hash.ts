import 'server-only';
import { createHash } from 'node:crypto';

/**
 * Refresh and API tokens are 256 bits of randomness, so a plain SHA-256 is enough to make a leaked table
 * useless; a slow hash would only slow every request.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
