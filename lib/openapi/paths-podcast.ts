import { operation, type Paths } from './operation';

const FOLLOW_ID = { name: 'followId', description: 'A follow’s id (follows[].id)' };
const TOKEN = { name: 'token', description: 'The feed’s secret token, as the address POST /api/follows/{followId}/feed gave holds it (pf_…)' };
const FILE = { name: 'file', description: 'The episode’s file name as the feed names it: `<media id>.<ext>` (chapters: `<media id>.json`)' };

/**
 * Private podcast feeds of follows (the owner's session sets them up; the feed's token alone opens the feed and its
 * files) and the download windows of background work.
 */
export function podcastPaths(): Paths {
  const tags = ['Follows'];
  const feedTags = ['Podcast feeds'];
  return {
    '/api/follows/{followId}/feed': {
      get: operation({
        operationId: 'getFollowFeed', summary: 'The follow’s podcast feed: on or off, audio or video (never its token)',
        tags, auth: 'session', data: 'FeedStatus', errors: [403, 404], pathParams: [FOLLOW_ID],
        responseExample: { enabled: true, media: 'audio', updatedAt: '2026-11-28T10:00:00.000Z' },
      }),
      post: operation({
        operationId: 'regenerateFollowFeed', summary: 'Make a new secret address for the feed (shown this once; the previous one stops working)',
        description: 'The address is RSS 2.0 with the iTunes and Podcasting 2.0 tags, for any podcast app. It lists the follow’s uploads downloaded in the background and still kept; while the feed is on, those downloads take the feed’s media (MP3 for audio, MP4 for video). Only a hash of the token is stored: lost, it is replaced, never shown again.',
        tags, auth: 'session', data: 'FeedCreated', errors: [403, 404], pathParams: [FOLLOW_ID],
        responseExample: { enabled: true, media: 'audio', updatedAt: '2026-11-28T10:00:00.000Z', url: 'https://grab.example/api/podcast/fol_Q2hhbmdlIG1l/pf_…/feed.xml' },
      }),
      patch: operation({
        operationId: 'changeFollowFeed', summary: 'Audio or video episodes', tags, auth: 'session', body: 'FeedPatch', data: 'FeedStatus',
        errors: [400, 403, 404], pathParams: [FOLLOW_ID], requestExample: { media: 'audio' },
      }),
      delete: operation({
        operationId: 'revokeFollowFeed', summary: 'Turn the feed off: its address stops working (a new one can be made later)',
        tags, auth: 'session', data: 'FeedStatus', errors: [403, 404], pathParams: [FOLLOW_ID],
      }),
    },
    '/api/podcast/{followId}/{token}/feed.xml': {
      get: operation({
        operationId: 'podcastFeed', summary: 'The feed (RSS 2.0 with iTunes and Podcasting 2.0 tags), opened by its token alone',
        description: 'A wrong, revoked or regenerated token is 404 like an unknown feed.',
        tags: feedTags, auth: 'none', file: { mediaType: 'application/rss+xml', description: 'The feed' }, errors: [404], pathParams: [FOLLOW_ID, TOKEN],
      }),
    },
    '/api/podcast/{followId}/{token}/media/{file}': {
      get: operation({
        operationId: 'podcastEpisode', summary: 'An episode’s file, whole or the part a Range asks for (206); HEAD answers its length',
        tags: feedTags, auth: 'none', file: { mediaType: 'application/octet-stream', description: 'The episode (audio/mpeg, video/mp4 …; 206 for a Range request)' },
        errors: [404], pathParams: [FOLLOW_ID, TOKEN, FILE],
      }),
    },
    '/api/podcast/{followId}/{token}/chapters/{file}': {
      get: operation({
        operationId: 'podcastChapters', summary: 'An episode’s chapters (Podcasting 2.0 JSON chapters), when its file has chapters',
        tags: feedTags, auth: 'none', file: { mediaType: 'application/json+chapters', description: '{version, chapters: [{startTime, endTime?, title}]}' },
        errors: [404], pathParams: [FOLLOW_ID, TOKEN, FILE],
      }),
    },
    '/api/settings/window': {
      get: operation({
        operationId: 'getDownloadWindow', summary: 'Your download window, the server’s, and when background work may start next',
        description: 'Background work — a follow’s automatic downloads and bulk items sent with `later: true` — starts only while the server’s window (DOWNLOAD_WINDOW) and yours are both open; outside them it waits, its progress showing `scheduledFor`.',
        tags: ['Settings'], auth: 'session', data: 'UserWindow', errors: [403],
        responseExample: { window: 'Mon-Fri 01:00-06:00', timeZone: 'Europe/Paris', server: { window: null, timeZone: 'UTC' }, nextStart: '2026-12-01T00:00:00.000Z' },
      }),
      put: operation({
        operationId: 'setDownloadWindow', summary: 'Set your download window (days and hours in your time zone); empty text removes it',
        description: 'Text that is not a window, or an unknown time zone, is refused with 400 `invalid_request` and a message naming the problem; so is a window that never meets the server’s.',
        tags: ['Settings'], auth: 'session', body: 'UserWindowPatch', data: 'UserWindow', errors: [400, 403],
        requestExample: { window: 'Mon-Fri 01:00-06:00; Sat,Sun 00:00-24:00', timeZone: 'Europe/Paris' },
      }),
    },
  };
}
