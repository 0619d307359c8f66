/**
 * A cookie the page's own script may read, holding no secret: only that this browser has a session, so the public
 * header can offer "My account" instead of "Sign in" without asking the server. It lives as long as the refresh
 * cookie and goes with it; a stale hint costs one redirect through the dashboard guard, nothing more.
 */
export const SIGNED_IN_HINT_COOKIE = 'gl_signed_in';

export function hasSignedInHint(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}
