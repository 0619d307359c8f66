import { describe, expect, it } from 'vitest';

import { ERROR_STATUS } from '@/lib/errors';
import en from '@/messages/en.json';

import { mapYtdlpFailure, PUSHBACK_CODES } from './error-map';

// Messages as yt-dlp 2026.10.26 builds them (texts from its extractor sources, with the login hints it appends and the
// "[extractor] id:" prefix), after the worker's cleaning (leading "ERROR: " dropped, URLs replaced by <url>).
const COOKIES_HINT = 'Use --cookies-from-browser or --cookies for the authentication. See  <url>  for how to manually pass cookies';
const ANY_HINT = 'Use --cookies, --cookies-from-browser, --username and --password, --netrc-cmd, or --netrc (instagram) to provide account credentials. See  <url>  for how to manually pass cookies';
const CASES: [string, string, string[]?][] = [
  // YouTube (extractor/youtube/_video.py)
  [`[youtube] dQw4w9WgXcQ: Sign in to confirm you’re not a bot. ${COOKIES_HINT}. Also see  <url>  for tips on effectively exporting YouTube cookies`, 'bot_check'],
  [`[youtube] dQw4w9WgXcQ: Sign in to confirm you're not a bot. ${COOKIES_HINT}`, 'bot_check'],
  ['[youtube] dQw4w9WgXcQ: Video unavailable. YouTube is requiring a captcha challenge before playback', 'bot_check'],
  ['[youtube] dQw4w9WgXcQ: All player responses are invalid. Your IP is likely being blocked by Youtube', 'ip_blocked'],
  ["[youtube] dQw4w9WgXcQ: This content isn't available, try again later. The current session has been rate-limited by YouTube for up to an hour. It is recommended to use `-t sleep` to add a delay between video requests to avoid exceeding the rate limit. For more information, refer to  <url>", 'platform_rate_limited'],
  [`[youtube] dQw4w9WgXcQ: Private video. Sign in if you've been granted access to this video. ${COOKIES_HINT}`, 'private_content'],
  [`[youtube] dQw4w9WgXcQ: Sign in to confirm your age. This video may be inappropriate for some users. ${COOKIES_HINT}`, 'age_restricted'],
  ['[youtube] dQw4w9WgXcQ: This video is age-restricted and YouTube is requiring account age-verification; some formats may be missing', 'age_restricted'],
  ['[youtube] dQw4w9WgXcQ: Video unavailable. This video has been removed by the uploader', 'content_unavailable'],
  ["[youtube] dQw4w9WgXcQ: This video has been removed for violating YouTube's policy on hate speech.", 'content_unavailable'],
  ['[youtube] dQw4w9WgXcQ: Video unavailable. This video is no longer available because the YouTube account associated with this video has been terminated.', 'content_unavailable'],
  ['[youtube] dQw4w9WgXcQ: The uploader has not made this video available in your country. This video is available in US, CA', 'geo_blocked', ['GeoRestrictedError', 'ExtractorError', 'YoutubeDLError']],
  ['[youtube] dQw4w9WgXcQ: This video is available to this channel\'s members on level: Member (or any higher level). Join this channel to get access to members-only content like this video, and other exclusive perks.', 'login_required'],
  ['[youtube] dQw4w9WgXcQ: This live event will begin in 3 hours.', 'live_not_started'],
  ['[youtube] dQw4w9WgXcQ: Premieres in 20 minutes', 'live_not_started'],
  ['[youtube] dQw4w9WgXcQ: This video is DRM protected', 'drm_protected'],
  ['[youtube:tab] @nobody: The channel is not currently live', 'content_unavailable', ['UserNotLive', 'ExtractorError']],
  ['Requested format is not available. Use --list-formats for a list of available formats', 'format_unavailable'],
  // TikTok (extractor/tiktok.py)
  [`[TikTok] 7300000000000000000: TikTok is requiring login for access to this content. ${COOKIES_HINT}`, 'login_required'],
  [`[TikTok] 7300000000000000000: You do not have permission to view this post. Log into an account that has access. ${COOKIES_HINT}`, 'private_content'],
  ['[TikTok] 7300000000000000000: Your IP address is blocked from accessing this post', 'ip_blocked'],
  ["[tiktok:user] someone: This user's account is private. Log into an account that has access", 'private_content'],
  ['[TikTok] 7300000000000000000: Video not available, status code 10231', 'content_unavailable'],
  // Instagram (extractor/instagram.py)
  [`[Instagram] C1a2b3c4d5e: The webpage request was redirected to the login page. You have exceeded the rate-limit for accessing posts anonymously. ${ANY_HINT}`, 'platform_rate_limited'],
  [`[Instagram] C1a2b3c4d5e: Restricted Video: You must be 18 years old or over to see this video. ${ANY_HINT}`, 'age_restricted'],
  [`[Instagram] C1a2b3c4d5eXXXXXXXXXXXXXXXXXXXXXXXXXXXX: This content is only available for registered users who follow this account. ${ANY_HINT}`, 'private_content'],
  [`[Instagram] C1a2b3c4d5e: You need to log in to access this content. ${ANY_HINT}`, 'login_required'],
  [`[Instagram] C1a2b3c4d5e: This content is unreachable. ${ANY_HINT}`, 'login_required'],
  ['[Instagram] C1a2b3c4d5e: There is no video in this post', 'upstream_failed'],
  // Facebook (extractor/facebook.py)
  [`[facebook] 1234567890: This video is only available for registered users. ${COOKIES_HINT}`, 'login_required'],
  ['[facebook] 1234567890: The video is not available, Facebook said: "This video has been removed"', 'content_unavailable'],
  // X / Twitter (extractor/twitter.py)
  ['[twitter] 1800000000000000000: NSFW tweet requires authentication. Use --cookies, --cookies-from-browser, --username and --password, --netrc-cmd, or --netrc (twitter) to provide account credentials', 'age_restricted'],
  ['[twitter] 1800000000000000000: You are not authorized to view this protected tweet. Use --cookies, --cookies-from-browser, --username and --password, --netrc-cmd, or --netrc (twitter) to provide account credentials', 'private_content'],
  ['[twitter] 1800000000000000000: Requested tweet is unavailable', 'content_unavailable'],
  ['[twitter] 1800000000000000000: No video could be found in this tweet', 'upstream_failed'],
  ['[twitter:broadcast] 1YqKDqdNzXbKV: This live broadcast has not yet started', 'live_not_started'],
  // Any site (networking, generic extractor)
  ['[generic] video: Unable to download webpage: HTTP Error 429: Too Many Requests (caused by <HTTPError 429: Too Many Requests>)', 'platform_rate_limited'],
  ['[generic] missing: Unable to download webpage: HTTP Error 404: Not Found (caused by <HTTPError 404: Not Found>)', 'content_unavailable'],
  ['[generic] page: Unsupported URL: <url>', 'unsupported_url', ['UnsupportedError', 'ExtractorError']],
  ['[generic] x: Unable to download webpage: HTTP Error 403: Forbidden (caused by <HTTPError 403: Forbidden>)', 'upstream_failed'],
  ['[generic] x: Unable to download webpage: The read operation timed out', 'upstream_timeout'],
];

describe('mapYtdlpFailure', () => {
  it.each(CASES)('%s → %s', (message, code, classes) => {
    expect(mapYtdlpFailure(message, classes)).toBe(code);
  });

  it('maps only to codes that exist and have a text in the catalogue', () => {
    const errors = en.Errors as Record<string, string>;
    for (const [message, , classes] of CASES) {
      const code = mapYtdlpFailure(message, classes);
      expect(code in ERROR_STATUS).toBe(true);
      expect(errors[code]).toEqual(expect.any(String));
    }
    expect([...PUSHBACK_CODES].sort()).toEqual(['bot_check', 'ip_blocked', 'platform_rate_limited']);
  });
});
