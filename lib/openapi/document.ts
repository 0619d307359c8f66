import { components } from './components';
import { authPaths, historyPaths, settingsPaths } from './paths-account';
import { cobaltPaths } from './paths-cobalt';
import { cookiesPaths } from './paths-cookies';
import { followPaths } from './paths-follows';
import { libraryPaths } from './paths-library';
import { podcastPaths } from './paths-podcast';
import { chapterPaths } from './paths-chapters';
import { bulkPaths } from './paths-bulk';
import { mediaPaths } from './paths-media';
import { presetPaths } from './paths-presets';
import { webhookPaths } from './paths-webhooks';
import type { Paths } from './operation';

export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  servers: Array<{ url: string }>;
  paths: Paths;
  components: ReturnType<typeof components>;
  [key: string]: unknown;
};

/**
 * GET /api/openapi.json: OpenAPI 3.1, its schemas generated from the same zod schemas the handlers validate with
 * (dub's habit). The dashboard's API page reads it too, so the docs cannot drift from the code.
 */
export function buildOpenApiDocument(serverUrl: string): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Grabline API',
      version: '1.0.0',
      description:
        'Paste a link, get the media. The media API takes an API token as a Bearer token: 100 requests a day and 1000 a ' +
        'month, RateLimit-* headers on every answer, 429 past the limit. Every JSON answer is {success, data} or ' +
        '{success: false, error, code}.',
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: 'Media', description: 'The public API' },
      { name: 'Bulk', description: 'Many links at once: the queue, cancel and retry' },
      { name: 'Auth' },
      { name: 'History' },
      { name: 'Settings' },
      { name: 'Presets', description: 'Named download options; preset=<name> on a download or a batch' },
      { name: 'Notifications' },
      { name: 'Follows', description: 'Creators you follow and their new uploads' },
      { name: 'Podcast feeds', description: 'A follow’s private podcast feed and its files, opened by the feed’s token alone' },
      { name: 'Library', description: 'Your library folder on the server: naming template and media-server layout' },
      { name: 'Webhooks', description: 'Signed deliveries to your own endpoints when downloads, batches or followed creators have news' },
      { name: 'cobalt', description: 'The cobalt-compatible API, for clients written for cobalt' },
    ],
    paths: { ...mediaPaths(), ...bulkPaths(), ...cobaltPaths(), ...authPaths(), ...historyPaths(), ...settingsPaths(), ...cookiesPaths(), ...presetPaths(), ...followPaths(), ...podcastPaths(), ...chapterPaths(), ...libraryPaths(), ...webhookPaths() },
    components: components(),
  };
}
