import { operation, type Paths } from './operation';

const FOLLOW_ID = { name: 'followId', description: 'A follow’s id (follows[].id)' };
const MEDIA_ID = { name: 'mediaId', description: 'An upload’s media id (uploads[].mediaId)' };
const FOLLOW_EXAMPLE = {
  id: 'fol_Q2hhbmdlIG1l', platform: 'youtube', channelUrl: 'https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw', name: 'Some Creator',
  mode: 'pick', paused: false, lastCheckAt: '2026-05-03T10:00:00.000Z', lastCheckError: null, nextCheckAt: '2026-05-03T11:07:12.000Z', createdAt: '2026-05-01T09:30:00.000Z',
  filters: { titleContains: null, titleExcludes: 'trailer', minSeconds: 60, maxSeconds: null, skipShorts: true, skipLives: false, skipMembersOnly: true },
  library: { template: null, layout: 'media-server', keep: { kind: 'last', count: 20 } },
};

/**
 * Following creators: follow a channel or playlist link, set its mode and filters, pause or unfollow it, and act
 * on the uploads that appeared since. Checks run on the server's schedule (FOLLOW_CHECK_MINUTES, each follow at its
 * own offset); the first check only records what exists.
 */
export function followPaths(): Paths {
  const tags = ['Follows'];
  return {
    '/api/follows': {
      get: operation({ operationId: 'listFollows', summary: 'The creators you follow, and whether the auto mode is offered', tags, auth: 'session', data: 'FollowList', errors: [403] }),
      post: operation({
        operationId: 'follow', summary: 'Follow a channel or playlist link; its first check is queued at once and lists nothing',
        description: 'Following the same link twice gives back the existing follow. `mode: "auto"` is refused with `follow_auto_unavailable` unless the server offers it; a single video’s link is refused with `follow_not_a_channel`. An account follows at most FOLLOWS_PER_USER creators (409 `follow_limit`, `details.limit`). Every check reads the link, so each is one link of the hourly analysis quota: with none left, a new follow is refused with 429 `rate_limited`, and a scheduled check waits for the next hour.',
        tags, auth: 'session', body: 'FollowRequest', data: 'Follow', errors: [400, 403, 409, 422, 429],
        requestExample: { url: 'https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw', mode: 'pick', filters: { skipShorts: true } },
        responseExample: FOLLOW_EXAMPLE,
      }),
    },
    '/api/follows/{followId}': {
      patch: operation({
        operationId: 'changeFollow', summary: 'Change a follow’s mode, filters or library choices (template, layout, keep policy), or pause and resume it', tags, auth: 'session',
        body: 'FollowPatch', data: 'Follow', errors: [400, 403, 404], pathParams: [FOLLOW_ID], requestExample: { paused: true },
      }),
      delete: operation({ operationId: 'unfollow', summary: 'Unfollow (what it had seen goes with it)', tags, auth: 'session', data: 'Unfollowed', errors: [403, 404], pathParams: [FOLLOW_ID] }),
    },
    '/api/follows/{followId}/check': {
      post: operation({
        operationId: 'checkFollow', summary: 'Check a follow now (not when paused or checked in the last 15 seconds: queued is false)',
        description: 'A check is one link of the hourly analysis quota: with none left, 429 `rate_limited`.',
        tags, auth: 'session', data: 'FollowChecked', errors: [403, 404, 429], pathParams: [FOLLOW_ID],
      }),
    },
    '/api/follows/uploads': {
      get: operation({
        operationId: 'listFollowUploads', summary: 'New from creators you follow: uploads waiting for you, and what background downloads did',
        tags, auth: 'session', data: 'FollowUploadList', errors: [403],
      }),
    },
    '/api/follows/{followId}/uploads/{mediaId}': {
      delete: operation({ operationId: 'dismissFollowUpload', summary: 'Dismiss an upload: it leaves the list for good', tags, auth: 'session', data: 'Dismissed', errors: [403, 404], pathParams: [FOLLOW_ID, MEDIA_ID] }),
    },
    '/api/follows/{followId}/uploads/{mediaId}/download': {
      post: operation({
        operationId: 'downloadFollowUpload', summary: 'Download an upload with your default quality and format; follow /api/media/progress/{downloadId}',
        tags, auth: 'session', data: 'FollowDownload', errors: [403, 404, 429], pathParams: [FOLLOW_ID, MEDIA_ID],
      }),
    },
  };
}
