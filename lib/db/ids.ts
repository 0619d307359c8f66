import { randomBytes } from 'node:crypto';

/**
 * A random, URL-safe id: 128 bits as 22 base64url characters, optionally `prefix_…` so an id says what it
 * names in logs and URLs (`job_…`, `usr_…`). Unguessable, because job and batch ids are capabilities.
 */
export function newId(prefix?: string): string {
  const id = randomBytes(16).toString('base64url');
  return prefix ? `${prefix}_${id}` : id;
}
