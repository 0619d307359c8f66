import { AppError, type ErrorCode } from '@/lib/errors';
import en from '@/messages/en.json';
import type { WorkerReply } from './worker-process';

/** The English texts of the error codes (server logs and API messages stay English; the UI translates by code). */
const ERROR_TEXTS = en.Errors;

/**
 * yt-dlp's failures as a user can act on them. yt-dlp says what went wrong in English prose written by each
 * extractor; these patterns are taken from its sources (yt_dlp/extractor/youtube/_video.py, tiktok.py,
 * instagram.py, facebook.py, twitter.py, common.py, utils/_utils.py) and tested against those exact texts in
 * error-map.test.ts. The first pattern that matches wins, so the specific ones come before the general ones.
 * The raw message goes to the operator's log only; a user sees the code's text in their language.
 */
export type YtdlpFailureCode = Extract<ErrorCode,
  | 'bot_check' | 'login_required' | 'private_content' | 'content_unavailable' | 'geo_blocked' | 'age_restricted'
  | 'ip_blocked' | 'platform_rate_limited' | 'drm_protected' | 'unsupported_url' | 'live_not_started'
  | 'live_not_supported' | 'format_unavailable' | 'upstream_failed' | 'upstream_timeout'>;

/** The failures that mean "this platform is pushing back on this server", not "this one link is bad". */
export const PUSHBACK_CODES: ReadonlySet<ErrorCode> = new Set(['bot_check', 'ip_blocked', 'platform_rate_limited']);

const RULES: [RegExp, YtdlpFailureCode][] = [
  // YouTube: "Sign in to confirm you're not a bot. Use --cookies-from-browser …"; a captcha wall says so too.
  [/confirm you(?:'|’)?re not a bot|captcha challenge before playback|unusual traffic/i, 'bot_check'],
  // YouTube "Your IP is likely being blocked by Youtube"; TikTok status 10204 "Your IP address is blocked …".
  [/your ip (?:address )?is (?:likely being )?blocked|ip address is blocked/i, 'ip_blocked'],
  // YouTube "… has been rate-limited by YouTube for up to an hour"; Instagram "You have exceeded the rate-limit …";
  // HTTP 429 from any site ("HTTP Error 429: Too Many Requests").
  [/rate-?limit|too many requests|http error 429/i, 'platform_rate_limited'],
  // Age checks come before "sign in": YouTube's reads "Sign in to confirm your age".
  [/confirm your age|age-restricted|age restricted|inappropriate for some users|nsfw tweet requires|must be 18 years/i, 'age_restricted'],
  [/not available (?:from|in) your (?:location|country)|geo[- ]?restrict|geoblock|made this video available in your country/i, 'geo_blocked'],
  [/\bdrm\b/i, 'drm_protected'],
  // Private posts and accounts (YouTube "Private video", TikTok 10216/10222, X protected tweets, Instagram followers-only).
  [/private video|video is private|account is (?:likely either )?private|do not have permission to view this post|protected tweet|only available for registered users who follow|this post is private/i, 'private_content'],
  [/members[- ]only|join this channel|sign in|log ?in|login|logged[- ]in|registered users|authentication|cookies/i, 'login_required'],
  // Premieres and scheduled streams that have not begun; a live stream still running.
  [/premieres? in|live event will begin|has not (?:yet )?started|not started yet|upcoming|scheduled/i, 'live_not_started'],
  [/is (?:currently )?live|live stream|livestream is live|ongoing live/i, 'live_not_supported'],
  [/requested format is not available|no video formats found|format is not available/i, 'format_unavailable'],
  [/video unavailable|has been removed|no longer (?:available|exists)|been deleted|account (?:has been )?terminated|does not exist|is unavailable|not available|content isn(?:'|’)?t available|unreachable|not found|http error 404|http error 410/i, 'content_unavailable'],
  [/unsupported url/i, 'unsupported_url'],
  [/timed out|timeout/i, 'upstream_timeout'],
];

/** The exception classes yt-dlp raises for some failures, by name (the worker sends the class chain). */
const CLASSES: Record<string, YtdlpFailureCode> = {
  GeoRestrictedError: 'geo_blocked',
  UnsupportedError: 'unsupported_url',
  UserNotLive: 'content_unavailable',
};

export function mapYtdlpFailure(message: string, classes: readonly string[] = []): YtdlpFailureCode {
  for (const name of classes) {
    const code = CLASSES[name];
    if (code) return code;
  }
  for (const [pattern, code] of RULES) {
    if (pattern.test(message)) return code;
  }
  return 'upstream_failed';
}

/**
 * A worker's failure as a user can act on it: a stable code and that code's text. yt-dlp's own words (URLs already
 * stripped by the worker) go to the operator's log and stay in details, which the API envelope never shows.
 */
export function replyError(reply: WorkerReply): AppError {
  const raw = reply.error?.message ?? 'Extraction failed';
  const workerCode = reply.error?.code;
  const code: ErrorCode = workerCode === 'invalid_url' ? 'invalid_url' : mapYtdlpFailure(raw, reply.error?.classes ?? []);
  if (code !== 'invalid_url') console.warn(`[ytdlp] ${code}: ${raw}`);
  const text = (ERROR_TEXTS as Record<string, string>)[code] ?? raw;
  return new AppError(code, text, { engineMessage: raw });
}
