import { HISTORY_PAGE_SIZE } from '@/lib/history/schemas';
import { PLATFORMS } from '@/lib/media/types';
import { operation, type Paths } from './operation';

const idParam = [{ name: 'id', description: 'The history entry’s _id' }];

export function authPaths(): Paths {
  return {
    '/api/auth/register': {
      post: operation({
        operationId: 'register', summary: 'Create an account', tags: ['Auth'], auth: 'none', body: 'RegisterRequest', data: 'Registered', status: 201,
        errors: [400, 403, 429],
        description: 'Who may join is the server\'s choice: 403 `registration_closed`, `invite_required` or `invite_invalid` (send `invite`), '
          + '`setup_token_invalid` (the one-time `setupToken` that makes the first admin), `password_sign_in_disabled` when the server signs in '
          + 'through its identity provider only.',
      }),
    },
    '/api/auth/login': {
      post: operation({
        operationId: 'login', summary: 'Sign in: tokens in the answer and as httpOnly cookies', tags: ['Auth'], auth: 'none',
        body: 'LoginRequest', data: 'Session', errors: [400, 401, 403, 429],
        description: '403 `account_disabled` for an account an admin disabled; `password_sign_in_disabled` when the server signs in through its identity provider only.',
      }),
    },
    '/api/auth/refresh': {
      post: operation({ operationId: 'refresh', summary: 'Rotate the session (body or refresh cookie)', tags: ['Auth'], auth: 'none', body: 'RefreshRequest', data: 'Session', errors: [400, 401] }),
    },
    '/api/auth/logout': {
      post: operation({ operationId: 'logout', summary: 'Sign out and revoke the refresh token', tags: ['Auth'], auth: 'none', data: null }),
    },
    '/api/auth/tokens': {
      get: operation({
        operationId: 'listApiTokens', summary: 'Your API tokens: name, scopes, expiry, own daily limit, last use time (never the token)', tags: ['Auth'],
        auth: 'session', data: 'NamedTokenList', errors: [403],
      }),
      post: operation({
        operationId: 'createApiToken', summary: 'A new named API token with scopes (shown once)', tags: ['Auth'], auth: 'session',
        body: 'CreateTokenRequest', data: 'IssuedNamedToken', status: 201, errors: [400, 403, 409],
        description: 'Scopes: `analyze` (POST /api/media/analyze), `download` (POST /api/media/download, progress, /api/download/*, POST /api/cobalt/), '
          + '`bulk` (POST /api/bulk), `history:read` (GET /api/history, GET /api/history/seen/{mediaId}). A token used outside its scopes gets 403 `token_scope`. '
          + 'At most 20 live tokens per account (409).',
      }),
    },
    '/api/auth/tokens/{id}': {
      delete: operation({
        operationId: 'revokeApiToken', summary: 'Revoke one of your API tokens at once', tags: ['Auth'], auth: 'session', data: null, errors: [403, 404],
        pathParams: [{ name: 'id', description: 'The token’s id (tok_…)' }],
      }),
    },
    '/api/auth/me': {
      get: operation({ operationId: 'me', summary: 'The signed-in user', tags: ['Auth'], auth: 'session', data: 'User', errors: [403] }),
    },
  };
}

export function historyPaths(): Paths {
  return {
    '/api/history': {
      get: operation({
        operationId: 'listHistory', summary: 'Your downloads, newest first', tags: ['History'], auth: 'session', data: 'HistoryList', errors: [403],
        query: [
          { name: 'page', description: 'From 1', schema: { type: 'integer', minimum: 1, default: 1 } },
          { name: 'limit', description: 'Entries per page', schema: { type: 'integer', minimum: 1, maximum: 100, default: HISTORY_PAGE_SIZE } },
          { name: 'search', description: 'Part of a title, any case', schema: { type: 'string' } },
          { name: 'platform', description: 'Omit for all platforms', schema: { type: 'string', enum: [...PLATFORMS] } },
        ],
      }),
      delete: operation({ operationId: 'clearHistory', summary: 'Delete your whole history', tags: ['History'], auth: 'session', data: 'Cleared', errors: [403] }),
    },
    '/api/history/{id}': {
      delete: operation({ operationId: 'deleteHistoryEntry', summary: 'Delete one entry', tags: ['History'], auth: 'session', data: null, errors: [403, 404], pathParams: idParam }),
    },
    '/api/history/{id}/redownload': {
      post: operation({
        operationId: 'redownload', summary: 'Where to download an entry again (/download?url=…)', tags: ['History'], auth: 'session',
        data: 'Redownload', errors: [403, 404, 422], pathParams: idParam,
        description: 'Media from sites other than the named platforms cannot be repeated: we never keep the original link (422).',
      }),
    },
    '/api/history/seen/{mediaId}': {
      get: operation({
        operationId: 'seenBefore', summary: 'Whether you already downloaded an analysed media: when, at which quality and format', tags: ['History'],
        auth: 'session', data: 'Seen', errors: [403],
        pathParams: [{ name: 'mediaId', description: 'The `id` of the analysis’s MediaInfo' }],
        description: 'Matched by a keyed hash of the platform and media id (the canonical link for other sites), computed per user; '
          + 'history keeps no link. `seen` is null when your history holds no completed download of it, or the analysis has expired.',
      }),
    },
    '/api/history/export': {
      get: operation({
        operationId: 'exportData', summary: 'Your history and settings as a JSON file', tags: ['History'], auth: 'session', errors: [403],
        file: { mediaType: 'application/json', description: 'An attachment: {exportedAt, account, settings, history}' },
      }),
    },
    '/api/dashboard/overview': {
      get: operation({ operationId: 'overview', summary: 'Dashboard figures and the 5 latest downloads', tags: ['History'], auth: 'session', data: 'Overview', errors: [403] }),
    },
  };
}

export function settingsPaths(): Paths {
  return {
    '/api/settings': {
      get: operation({ operationId: 'getSettings', summary: 'Your preferences, token prefix and API usage', tags: ['Settings'], auth: 'session', data: 'UserSettings', errors: [403] }),
      patch: operation({
        operationId: 'updateSettings', summary: 'Change any of the four preferences', tags: ['Settings'], auth: 'session', body: 'SettingsPatch',
        data: 'UserSettings', errors: [400, 403], requestExample: { defaultQuality: '720p' },
      }),
    },
    '/api/settings/defaults': {
      get: operation({ operationId: 'getDownloadDefaults', summary: 'The quality and format to preselect (1080p/mp4 when signed out)', tags: ['Settings'], auth: 'optional-session', data: 'DownloadDefaults' }),
    },
    '/api/settings/token': {
      get: operation({ operationId: 'getApiToken', summary: 'The active API token’s prefix and dates, or null', tags: ['Settings'], auth: 'session', data: 'TokenInfo', errors: [403] }),
      post: operation({ operationId: 'issueApiToken', summary: 'Issue a new settings-page API token with every scope (shown once); the previous one stops working, named tokens stay', tags: ['Settings'], auth: 'session', data: 'IssuedToken', errors: [403] }),
    },
    '/api/notifications': {
      get: operation({ operationId: 'listNotifications', summary: 'The latest 20 notifications and the unread count', tags: ['Notifications'], auth: 'session', data: 'NotificationList', errors: [403] }),
    },
    '/api/notifications/read': {
      post: operation({ operationId: 'markNotificationsRead', summary: 'Mark every notification read', tags: ['Notifications'], auth: 'session', data: 'MarkedRead', errors: [403] }),
    },
  };
}
