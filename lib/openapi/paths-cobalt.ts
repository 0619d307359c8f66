import { EXAMPLE_MEDIA_URL } from './paths-media';
import { RATE_LIMIT_HEADERS } from './components';
import type { Paths } from './operation';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object, example?: unknown) => ({ 'application/json': { schema, ...(example !== undefined ? { example } : {}) } });

const TUNNEL_EXAMPLE = 'https://grab.example/api/cobalt/tunnel?id=Xq3mJm1u8vF0aZ2b&itag=mp4-720p&ext=mp4&exp=1767273600&sig=3Hn0…';

const failure = (description: string, code: string, headers?: object) => ({
  description,
  ...(headers ? { headers } : {}),
  content: json(ref('CobaltError'), { status: 'error', error: { code } }),
});

/**
 * The cobalt-compatible API: cobalt's own request and answer shapes (not our {success, data} envelope), so its
 * clients work unchanged. Our API token as `Api-Key <token>` (cobalt's scheme) or `Bearer <token>`.
 */
export function cobaltPaths(): Paths {
  return {
    '/api/cobalt/': {
      post: {
        operationId: 'cobaltProcess',
        summary: 'cobalt-compatible: a link and cobalt’s preferences → a tunnel, redirect or picker',
        description:
          'Answers cobalt’s `POST /` (its docs/api.md, v10) for clients written for cobalt. Requires `Accept: ' +
          'application/json` and a JSON body. Counted against the same daily and monthly limits as the media API. ' +
          'Tunnel links are signed, fetched without a key, and expire with the analysis. See docs/cobalt-api.md.',
        tags: ['cobalt'],
        security: [{ cobaltApiKey: [] }, { bearerAuth: [] }, {}],
        requestBody: {
          required: true,
          content: json(ref('CobaltRequest'), { url: EXAMPLE_MEDIA_URL, videoQuality: '720', downloadMode: 'auto', filenameStyle: 'basic' }),
        },
        responses: {
          200: {
            description: 'tunnel, redirect or picker',
            headers: RATE_LIMIT_HEADERS,
            content: json(ref('CobaltResponse'), { status: 'tunnel', url: TUNNEL_EXAMPLE, filename: 'Example video (720p).mp4' }),
          },
          400: failure('The request is not one cobalt would accept (Accept, Content-Type, body).', 'error.api.invalid_body'),
          401: failure('The key is missing (on a server for signed-in users only) or not valid.', 'error.api.auth.key.invalid'),
          403: failure('The key lacks the `download` scope.', 'error.api.auth.key.invalid'),
          422: failure('The link cannot be used (invalid, unsupported, no media, too long…).', 'error.api.link.invalid'),
          429: failure('Too many requests: retry after `Retry-After` seconds.', 'error.api.rate_exceeded', {
            ...RATE_LIMIT_HEADERS, 'Retry-After': { $ref: '#/components/headers/Retry-After' },
          }),
          502: failure('The media site failed to answer.', 'error.api.fetch.fail'),
        },
      },
      get: {
        operationId: 'cobaltInstance',
        summary: 'cobalt-compatible: instance info (cobalt’s GET /)',
        tags: ['cobalt'],
        security: [],
        responses: { 200: { description: 'Instance info', content: json(ref('CobaltInstance')) } },
      },
    },
    '/api/cobalt/tunnel': {
      get: {
        operationId: 'cobaltTunnel',
        summary: 'cobalt-compatible: the file a tunnel link names (Range supported)',
        tags: ['cobalt'],
        security: [],
        parameters: ['id', 'itag', 'ext', 'exp', 'own', 'loudness', 'sig'].map((name) => ({
          name, in: 'query', required: !['ext', 'own', 'loudness'].includes(name), description: 'As the tunnel link carries it', schema: { type: 'string' },
        })),
        responses: {
          200: { description: 'The file, as an attachment', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
          404: { description: 'Not a link this server signed, or expired.', content: json(ref('Error')) },
        },
      },
    },
  };
}
