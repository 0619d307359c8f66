/**
 * Errors are values with codes. Every layer throws AppError; the API maps the code to an HTTP status once
 * (here) and the UI maps it to the user-facing texts once (messages/*.json, namespace "Errors").
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_url: 422,
  unsupported_url: 422,
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
  conflict: 409,
  rate_limited: 429,
  too_many_downloads: 429,
  upstream_failed: 502,
  upstream_timeout: 504,
  unavailable: 503,
  insufficient_storage: 507,
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
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
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

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
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
