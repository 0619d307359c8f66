import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

import { AppError } from '@/lib/errors';
import { getJwtKey } from '@/lib/http/server-secret';

/** What is stored of one cookie file: AES-256-GCM ciphertext, its 96-bit nonce and 128-bit tag, base64. */
export interface SealedCookies {
  ciphertext: string;
  iv: string;
  tag: string;
}

const PURPOSE = 'grabline:user-cookies:aes-256-gcm:v1';

/**
 * The cookie key: HKDF-SHA256 of the server's secret for this one purpose, so the secret that signs sessions is never
 * itself an encryption key, and a key leaked from here signs nothing.
 */
function cookieKey(secret: Uint8Array = getJwtKey()): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), PURPOSE, 32));
}

/**
 * The row's owner and platform are the additional data: a sealed file copied to another user's or platform's row
 * does not open there.
 */
const boundTo = (userId: string, platform: string) => Buffer.from(`${userId}\n${platform}`, 'utf8');

export function sealCookies(text: string, userId: string, platform: string, secret?: Uint8Array): SealedCookies {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cookieKey(secret), iv, { authTagLength: 16 });
  cipher.setAAD(boundTo(userId, platform));
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return { ciphertext: ciphertext.toString('base64'), iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
}

/** The cookie file back; a row altered in any bit, or sealed under another secret, is `unavailable`, never garbage. */
export function openCookies(sealed: SealedCookies, userId: string, platform: string, secret?: Uint8Array): string {
  try {
    const decipher = createDecipheriv('aes-256-gcm', cookieKey(secret), Buffer.from(sealed.iv, 'base64'), { authTagLength: 16 });
    decipher.setAAD(boundTo(userId, platform));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new AppError('unavailable', 'Stored cookies could not be read');
  }
}
