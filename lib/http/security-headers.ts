import 'server-only';

/**
 * The security headers of every answer. Pages get a Content-Security-Policy with a fresh nonce per request: a
 * script runs only when it carries that nonce (Next's own scripts, the theme script) or was loaded by one that
 * does ('strict-dynamic'); no inline script without it, no eval. API answers are data, never a document, so their
 * policy allows nothing at all.
 */

/** A fresh, unguessable nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export interface PagePolicyOptions {
  nonce: string;
  /** The development server's React needs eval (stack reconstruction) and a websocket (hot reload). */
  development?: boolean;
  https?: boolean;
  /** The ad network's origins, only when ads are configured: admitted to load the script, its requests and its frames. */
  ads?: { script: string[]; connect: string[]; frame: string[] };
}

export function pageContentSecurityPolicy({ nonce, development = false, https = false, ads }: PagePolicyOptions): string {
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    // A browser that knows 'strict-dynamic' ignores host sources and admits the ad script because our own nonce'd
    // code inserts it; the ad origin is there for those that do not.
    ['script-src', "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(ads?.script ?? []), ...(development ? ["'unsafe-eval'"] : [])],
    // Styles run no code. React's style attributes, the popovers' positions, the menus' scroll lock (a <style>
    // its library adds without a nonce) and the theme switch's pause all write inline styles; a nonce in
    // style-src would switch 'unsafe-inline' off for all of them.
    ['style-src', "'self'", "'unsafe-inline'"],
    // Pictures from other sites (thumbnails, channel pictures) load through our own /api/thumbnail route, so a
    // page never needs a remote image host: a visitor's address is never handed to the platforms.
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['media-src', "'self'", 'blob:'],
    ['connect-src', "'self'", ...(ads?.connect ?? []), ...(development ? ['ws:', 'wss:'] : [])],
    ['worker-src', "'self'", 'blob:'],
    ['manifest-src', "'self'"],
    ['frame-src', ...(ads?.frame.length ? ads.frame : ["'none'"])],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  if (https) directives.push(['upgrade-insecure-requests']);
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** JSON, event streams and file downloads are never rendered as documents: nothing may load or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Two years, every subdomain: sent only over https, where a browser honours it. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/**
 * The per-request headers of one answer: its policy, and HSTS when the visitor reached us over https. The headers
 * that never change (nosniff, Referrer-Policy, COOP, Permissions-Policy, X-Frame-Options) are set on every path,
 * static files included, in next.config.mjs.
 */
export function securityHeaders(policy: string, https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': policy,
    ...(https ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}
