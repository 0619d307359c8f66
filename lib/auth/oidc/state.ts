import 'server-only';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { getJwtKey } from '@/lib/http/server-secret';

/** The browser keeps the sign-in attempt's secrets in this cookie, signed by us, between start and callback. */
export const OIDC_STATE_COOKIE = 'gl_oidc';
export const OIDC_STATE_PATH = '/api/auth/oidc';
export const OIDC_STATE_SECONDS = 10 * 60;

const stateSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  redirectUri: z.url(),
  from: z.string().optional(),
  locale: z.string().optional(),
  invite: z.string().optional(),
  setupToken: z.string().optional(),
  /**
   * A link, not a sign-in: the id of the account whose owner started it from Settings. The callback links the
   * identity to this account only while the same account is still signed in there.
   */
  link: z.string().optional(),
});
export type OidcAttempt = z.infer<typeof stateSchema>;

export function sealAttempt(attempt: OidcAttempt): Promise<string> {
  return new SignJWT({ ...attempt, typ: 'oidc-attempt' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(`${OIDC_STATE_SECONDS}s`)
    .sign(getJwtKey());
}

/** The attempt this browser started, or null when the cookie is missing, forged, of another kind or lapsed. */
export async function openAttempt(sealed: string | undefined): Promise<OidcAttempt | null> {
  if (!sealed) return null;
  try {
    const { payload } = await jwtVerify(sealed, getJwtKey(), { algorithms: ['HS256'] });
    if (payload.typ !== 'oidc-attempt') return null;
    const parsed = stateSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
