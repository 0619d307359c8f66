import 'server-only';
import type { NextRequest } from 'next/server';
import { assertJsonBody, ok, parseWith } from '@/lib/http/envelope';
import { AppError } from '@/lib/errors';
import { REFRESH_COOKIE, setSessionCookies } from './cookies';
import { refreshSchema } from './credentials';
import type { Session } from './sessions';

/**
 * `{success:true, data:{accessToken, refreshToken, user}}` for API clients (refresh reads data.accessToken and
 * data.refreshToken), plus the same tokens as httpOnly cookies for the browser.
 */
export function sessionResponse(req: NextRequest, session: Session) {
  const res = ok({ accessToken: session.accessToken, refreshToken: session.refreshToken, user: session.user });
  setSessionCookies(res, req, session);
  return res;
}

/**
 * The refresh token from the JSON body `{refreshToken}` (API clients) or the refresh cookie (browsers). A body not
 * sent as JSON is 415 unsupported_media_type; an empty one leaves the cookie to decide.
 */
export async function refreshTokenFrom(req: NextRequest): Promise<string | undefined> {
  const text = await req.text();
  let body: unknown = {};
  if (text.trim()) {
    assertJsonBody(req);
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError('invalid_request', 'The request body must be JSON');
    }
  }
  const { refreshToken } = parseWith(refreshSchema, body);
  return refreshToken ?? req.cookies.get(REFRESH_COOKIE)?.value;
}
