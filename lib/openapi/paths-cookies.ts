import { USER_COOKIE_DOMAINS, USER_COOKIE_PLATFORMS } from '@/lib/user-cookies/platforms';
import { operation, type Paths } from './operation';

const platformParam = [{ name: 'platform', description: `One of ${USER_COOKIE_PLATFORMS.join(', ')} (twitter is X)` }];

const domains = Object.entries(USER_COOKIE_DOMAINS).map(([platform, hosts]) => `${platform}: ${hosts.join(', ')}`).join('; ');

/** A user's own cookies per platform (absent when the server runs with USER_COOKIES=off: every call is then 404). */
export function cookiesPaths(): Paths {
  return {
    '/api/settings/cookies': {
      get: operation({
        operationId: 'listPlatformCookies', summary: 'Your platform cookies: per platform when added, how many, the first expiry (never a cookie)',
        tags: ['Settings'], auth: 'session', data: 'CookieSummaryList', errors: [403, 404],
        description: '404 when the server has the feature off.',
      }),
    },
    '/api/settings/cookies/{platform}': {
      put: operation({
        operationId: 'putPlatformCookies', summary: 'Add (or replace) your cookies.txt for one platform', tags: ['Settings'], auth: 'session',
        body: 'AddCookiesRequest', data: 'CookieSummary', errors: [400, 403, 404, 413], pathParams: platformParam,
        description: 'A Netscape cookies.txt (as browser extensions and yt-dlp export it), sent as text. Only the platform’s domains are kept '
          + `(${domains}) and expired cookies are dropped; it is encrypted at rest and used only for your own analyses and downloads `
          + 'of that platform (the server’s own cookies otherwise), whose results are cached for you alone. It is never shown back. '
          + '400 `cookies_not_netscape` (a line that is not a Netscape cookie line), `cookies_none_for_platform` (no live cookie of '
          + 'the platform’s domains); 413 `cookies_too_large` (over 256 KB).',
      }),
      delete: operation({
        operationId: 'deletePlatformCookies', summary: 'Remove your cookies for one platform', tags: ['Settings'], auth: 'session',
        data: null, errors: [403, 404], pathParams: platformParam,
      }),
    },
  };
}
