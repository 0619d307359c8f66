import 'server-only';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { config } from '@/lib/config';

const MIN_SECRET_LENGTH = 32;
const holder = globalThis as typeof globalThis & { __grablineJwtKey?: Uint8Array };

/**
 * The server's secret: the HS256 key of session tokens and the key of every HMAC the server hands out (bulk batch
 * keys, thumbnail links). JWT_SECRET when set (every node of a cluster must share it), else a random secret generated
 * once into `$DATA_DIR/jwt-secret` (mode 0600), so a restart keeps everyone signed in.
 */
export function getJwtKey(): Uint8Array {
  holder.__grablineJwtKey ??= new TextEncoder().encode(readSecret());
  return holder.__grablineJwtKey;
}

/** Tests switch DATA_DIR or JWT_SECRET between cases; the next getJwtKey() reads again. */
export function forgetJwtKey(): void {
  holder.__grablineJwtKey = undefined;
}

function readSecret(): string {
  const { env, dataDir } = config();
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' fails if another process got there first; then its secret is the one to use.
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`${file} holds no usable secret`);
  return secret;
}

/**
 * An HMAC-SHA256 of `value` under the server's secret, base64url, for one purpose: the purpose is signed too, so a
 * signature made for one kind of thing (a bulk batch, a thumbnail) never passes for another.
 */
export function serverSignature(purpose: string, value: string): string {
  return createHmac('sha256', getJwtKey()).update(`${purpose}:${value}`).digest('base64url');
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a presented secret (a key, a signature, an operator token) is the expected one: constant time, length too. */
export function sameSecret(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  return timingSafeEqual(digest(given), digest(expected));
}
