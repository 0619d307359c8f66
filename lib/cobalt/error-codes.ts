import type { AppError, ErrorCode } from '@/lib/errors';
import type { CobaltError } from './schemas';

/**
 * Our error codes as cobalt's (`error.api.*`, the codes its clients translate and act on), in one table. Where
 * cobalt has no exact counterpart the nearest one a client can act on is used: the sound advice its texts give
 * (try later, try another link, check the key) must still be right.
 */
export const COBALT_ERROR_CODES: Record<ErrorCode, string> = {
  invalid_request: 'error.api.invalid_body',
  invalid_url: 'error.api.link.invalid',
  unsupported_url: 'error.api.link.unsupported',
  short_link_unresolved: 'error.api.link.invalid',
  private_address: 'error.api.link.invalid',
  no_media: 'error.api.fetch.empty',
  live_not_supported: 'error.api.content.video.live',
  live_not_finished: 'error.api.content.video.live',
  live_not_started: 'error.api.content.video.live',
  drm_protected: 'error.api.content.video.unavailable',
  too_large: 'error.api.content.too_long',
  too_long: 'error.api.content.too_long',
  unauthorized: 'error.api.auth.key.invalid',
  sign_in_required: 'error.api.auth.key.missing',
  forbidden: 'error.api.auth.key.invalid',
  platform_disabled: 'error.api.service.disabled',
  csrf: 'error.api.invalid_body',
  unsupported_media_type: 'error.api.header.content_type',
  not_found: 'error.api.content.post.unavailable',
  conflict: 'error.api.generic',
  webhook_limit: 'error.api.generic',
  rate_limited: 'error.api.rate_exceeded',
  too_many_downloads: 'error.api.rate_exceeded',
  daily_bytes_exceeded: 'error.api.rate_exceeded',
  upstream_failed: 'error.api.fetch.fail',
  upstream_timeout: 'error.api.timed_out',
  unavailable: 'error.api.capacity',
  insufficient_storage: 'error.api.capacity',
  internal: 'error.api.generic',
  bot_check: 'error.api.youtube.login',
  login_required: 'error.api.content.post.private',
  private_content: 'error.api.content.video.private',
  content_unavailable: 'error.api.content.video.unavailable',
  geo_blocked: 'error.api.content.video.region',
  age_restricted: 'error.api.content.video.age',
  ip_blocked: 'error.api.fetch.critical',
  platform_rate_limited: 'error.api.fetch.rate',
  format_unavailable: 'error.api.fetch.empty',
  platform_paused: 'error.api.fetch.fail',
  // cobalt has no cut: its clients never send one, so a bad range can only be ours to explain.
  trim_invalid_time: 'error.api.invalid_body',
  trim_invalid_range: 'error.api.invalid_body',
  trim_out_of_bounds: 'error.api.invalid_body',
  trim_not_supported: 'error.api.invalid_body',
  cookies_not_netscape: 'error.api.invalid_body',
  cookies_none_for_platform: 'error.api.invalid_body',
  cookies_too_large: 'error.api.invalid_body',
  preset_unknown: 'error.api.invalid_body',
  preset_unsupported: 'error.api.invalid_body',
  preset_name_taken: 'error.api.invalid_body',
  preset_limit: 'error.api.invalid_body',
  // Following is not part of cobalt's protocol; a cobalt client never meets these.
  follow_not_a_channel: 'error.api.link.unsupported',
  follow_auto_unavailable: 'error.api.invalid_body',
  follow_limit: 'error.api.invalid_body',
  cancelled: 'error.api.generic',
  // Accounts: a cobalt client only ever holds a key, so these read as key trouble (a scope the key lacks too).
  registration_closed: 'error.api.auth.key.invalid',
  invite_required: 'error.api.auth.key.invalid',
  invite_invalid: 'error.api.auth.key.invalid',
  setup_token_invalid: 'error.api.auth.key.invalid',
  account_disabled: 'error.api.auth.key.invalid',
  token_scope: 'error.api.auth.key.invalid',
  password_sign_in_disabled: 'error.api.auth.key.invalid',
  oidc_failed: 'error.api.auth.key.invalid',
  oidc_email_unverified: 'error.api.auth.key.invalid',
  oidc_email_missing: 'error.api.auth.key.invalid',
  account_exists_sign_in_first: 'error.api.auth.key.invalid',
  oidc_identity_taken: 'error.api.auth.key.invalid',
  oidc_already_linked: 'error.api.auth.key.invalid',
  oidc_link_session: 'error.api.auth.key.invalid',
};

/** The few failures cobalt names that are not ours: a request without `Accept: application/json`, and so on. */
export const cobaltError = (code: string, context?: CobaltError['error']['context']): CobaltError => ({
  status: 'error',
  error: context ? { code, context } : { code },
});

const positive = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

/**
 * An AppError → cobalt's error body. Its context carries what cobalt's clients show: the platform (`service`),
 * and `limit` — seconds to wait for a rate limit, minutes of the duration limit for content that is too long.
 */
export function toCobaltError(error: Pick<AppError, 'code' | 'details'>, service?: string): CobaltError {
  const code = COBALT_ERROR_CODES[error.code] ?? 'error.api.generic';
  const details = error.details ?? {};
  const limit = code === 'error.api.rate_exceeded'
    ? positive(details.retryAfter)
    : error.code === 'too_long' && positive(details.maxSeconds) ? Math.round((details.maxSeconds as number) / 60) : undefined;
  const context = { ...(service ? { service } : {}), ...(limit !== undefined ? { limit } : {}) };
  return cobaltError(code, Object.keys(context).length > 0 ? context : undefined);
}
