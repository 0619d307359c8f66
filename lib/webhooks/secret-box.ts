import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppError } from '@/lib/errors';
import { serverSignature } from '@/lib/http/server-secret';

const VERSION = 'v1';

/** The key of webhook secrets at rest: derived from the server's secret for this one purpose. */
const boxKey = () => Buffer.from(serverSignature('webhook-secret-box', VERSION), 'base64url');

/** A new signing secret: 32 random bytes, `whsec_…`. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, each base64url; a fresh IV every time. */
export function sealSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', boxKey(), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The secret back, or `secret_unreadable` when the server's secret changed since it was sealed (or the box was altered). */
export function openSecret(box: string): string {
  const [version, iv, tag, sealed] = box.split('.');
  try {
    if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', boxKey(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new AppError('internal', 'The webhook secret cannot be read with this server secret', { reason: 'secret_unreadable' });
  }
}
