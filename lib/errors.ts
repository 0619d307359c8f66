/**
 * Errors are values with codes. Every layer throws AppError; the API maps the code to an HTTP status once
 * (here) and the UI maps it to the user-facing texts once (messages/*.json, namespace "Errors").
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_url: 422,
  unsupported_url: 422,
  // A short link (vm.tiktok.com, fb.watch, t.co, pin.it…) that did not lead to the media it stands for.
  short_link_unresolved: 422,
  private_address: 422,
  no_media: 422,
  live_not_supported: 422,
  live_not_finished: 422,
  drm_protected: 422,
  too_large: 413,
  too_long: 422,
  unauthorized: 401,
  sign_in_required: 401,
  forbidden: 403,
  platform_disabled: 403,
  csrf: 403,
  // A body sent as something other than JSON (a form post, text/plain) to a route that reads JSON.
  unsupported_media_type: 415,
  not_found: 404,
  // Accounts: who may join and how they sign in (lib/auth).
  registration_closed: 403,
  invite_required: 403,
  invite_invalid: 403,
  setup_token_invalid: 403,
  account_disabled: 403,
  token_scope: 403,
  password_sign_in_disabled: 403,
  oidc_failed: 400,
  oidc_email_unverified: 403,
  oidc_email_missing: 403,
  // An identity provider's sign-in meets an account with a password: its owner links the identity from Settings.
  account_exists_sign_in_first: 409,
  // Linking an identity from Settings: taken by another account, this account has another, the session changed.
  oidc_identity_taken: 409,
  oidc_already_linked: 409,
  oidc_link_session: 401,
  conflict: 409,
  // An account has as many webhooks as it may (lib/webhooks).
  webhook_limit: 409,
  rate_limited: 429,
  too_many_downloads: 429,
  // An owner's prepared bytes of the UTC day reached its limit (lib/limits); details say when it renews.
  daily_bytes_exceeded: 429,
  upstream_failed: 502,
  upstream_timeout: 504,
  unavailable: 503,
  insufficient_storage: 507,
  // A job someone stopped before it ended.
  cancelled: 409,
  internal: 500,
  // What the platforms answer (yt-dlp's failures, lib/media/ytdlp/error-map.ts) and the per-platform circuit breaker.
  bot_check: 503,
  login_required: 403,
  private_content: 403,
  content_unavailable: 410,
  geo_blocked: 451,
  age_restricted: 403,
  ip_blocked: 503,
  platform_rate_limited: 503,
  live_not_started: 422,
  format_unavailable: 422,
  platform_paused: 503,
  // A cut of a download (start/end) that cannot be made.
  trim_invalid_time: 400,
  trim_invalid_range: 400,
  trim_out_of_bounds: 400,
  trim_not_supported: 400,
  // A user's own cookies.txt for a platform that cannot be kept (lib/user-cookies).
  cookies_not_netscape: 400,
  cookies_none_for_platform: 400,
  cookies_too_large: 413,
  // Named download presets (lib/presets): an unknown name, one a batch cannot use, a name taken, too many.
  preset_unknown: 400,
  preset_unsupported: 400,
  preset_name_taken: 409,
  preset_limit: 409,
  // Following creators: a link that lists no uploads to follow, and the background mode the operator did not offer.
  follow_not_a_channel: 422,
  follow_auto_unavailable: 403,
  // An account follows as many creators as FOLLOWS_PER_USER allows.
  follow_limit: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Marks an AppError whichever copy of this module made it: Next bundles the server's entry points separately, so the
 * yt-dlp pool the instrumentation hook creates throws AppErrors of another class than a route's own — `instanceof`
 * alone would take a platform's bot check for an unknown failure.
 */
const APP_ERROR = Symbol.for('grabline.AppError');

export class AppError extends Error {
  readonly [APP_ERROR] = true;
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}

/**
 * The details a caller can act on (a limit, when to retry, since when a platform fails, what the source answered).
 * Everything else an error carries (an ffprobe message with our temp paths, a database reason, an exit code) is for
 * our logs only.
 */
const PUBLIC_DETAILS = new Set([
  'retryAfter', 'retryAt', 'limit', 'maxBytes', 'maxSeconds', 'maxRedirects', 'status', 'contentLength', 'failingSince', 'platform',
]);

export function publicDetails(details: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const shown = Object.entries(details ?? {}).filter(([key]) => PUBLIC_DETAILS.has(key));
  return shown.length > 0 ? Object.fromEntries(shown) : undefined;
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError || (typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[APP_ERROR] === true);
}

/** The disk (or the quota) is full: nothing the caller did, and nothing a retry now would fix. */
export const outOfStorage = () => new AppError('insufficient_storage', 'The server is out of storage space right now. Please try again later.');

const STORAGE_FULL = new Set(['ENOSPC', 'EDQUOT']);

/**
 * Anything thrown becomes an AppError; unknown failures never leak their message to the client. A write that
 * failed because the disk is full is told as such (507), wherever it happened.
 */
export function toAppError(value: unknown): AppError {
  if (isAppError(value)) return value;
  if (value instanceof Error && STORAGE_FULL.has((value as NodeJS.ErrnoException).code ?? '')) return outOfStorage();
  return new AppError('internal', 'Something went wrong');
}
