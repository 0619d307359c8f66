import 'server-only';
import { jwtVerify, SignJWT } from 'jose';
import { getJwtKey } from '@/lib/http/server-secret';
import type { User } from './users';

export const ACCESS_TOKEN_SECONDS = 15 * 60;

export function signAccessToken(user: User): Promise<string> {
  return new SignJWT({ email: user.email, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(getJwtKey());
}

/** The user an access token names, or null when it is forged, expired or not an access token. */
export async function verifyAccessToken(token: string): Promise<User | null> {
  try {
    const { payload } = await jwtVerify(token, getJwtKey(), { algorithms: ['HS256'] });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    return { id: payload.sub, email: payload.email };
  } catch {
    return null;
  }
}
