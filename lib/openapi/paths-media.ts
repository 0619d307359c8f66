import { z } from 'zod';
import { downloadQuerySchema, postZipQuerySchema } from '@/lib/media/deliver/schemas';
import { operation, type Paths } from './operation';

/** The link every example uses; tests swap it for a fixture site's file. */
export const EXAMPLE_MEDIA_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

const MEDIA_EXAMPLE = {
  id: 'Xq3mJm1u8vF0aZ2b',
  url: EXAMPLE_MEDIA_URL,
  title: 'Example video',
  description: 'A short description',
  // Pictures are served by this server's own /api/thumbnail route (a path relative to the API's origin).
  thumbnail: '/api/thumbnail?src=https%3A%2F%2Fi.ytimg.com%2Fvi%2FdQw4w9WgXcQ%2Fhqdefault.jpg&sig=q3Rj0c1mYb8FhT2nWkZ4xA',
  platform: 'youtube',
  kind: 'video',
  duration: 213,
  fileSize: '48.2 MB',
  availableQualities: ['1080p', '720p', '360p', 'mp3'],
  formats: [{ itag: 'mp4-1080p', ext: 'mp4', quality: '1080p', filesize: 50_541_773 }],
  // Text tracks: each as .srt and .vtt; `subs: "en"` in a download request muxes one into the video.
  subtitles: [
    { itag: 'sub-en-srt', ext: 'srt', quality: 'English', language: 'en', label: 'English' },
    { itag: 'sub-en-vtt', ext: 'vtt', quality: 'English', language: 'en', label: 'English' },
  ],
  createdAt: '2026-01-01T12:00:00.000Z',
};

type QueryParams = NonNullable<Parameters<typeof operation>[0]['query']>;

/** A route's query, from the schema it validates with (its input side: the text a link carries). */
function queryOf(shape: Record<string, z.ZodType>, textOf: (name: string) => string | undefined = () => undefined): QueryParams {
  return Object.entries(shape).map(([name, field]) => {
    const { description, ...schema } = z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete schema.$schema;
    return { name, description: textOf(name) ?? String(description ?? name), schema };
  });
}

/** GET /api/download/{id}'s query. */
const downloadQuery = (): QueryParams => queryOf(downloadQuerySchema.shape, (name) => (name === 'itag' ? 'The format: a formats[].itag from the analysis (required)'
  : name === 'ext' ? "The format's ext, checked against the itag" : name === 'item' ? 'Which item of a multi-item post' : undefined));

/** The public API: Bearer token, RateLimit-* headers on every answer, 429 past the limits. */
export function mediaPaths(): Paths {
  return {
    '/api/media/analyze': {
      post: operation({
        operationId: 'analyzeMedia',
        summary: 'Analyse a link: title, thumbnail, duration and the formats on offer',
        tags: ['Media'],
        auth: 'api',
        body: 'AnalyzeRequest',
        data: 'MediaInfo',
        errors: [400, 401, 413, 422, 502],
        requestExample: { url: EXAMPLE_MEDIA_URL },
        responseExample: MEDIA_EXAMPLE,
      }),
    },
    '/api/media/download': {
      post: operation({
        operationId: 'startDownload',
        summary: 'Start preparing a file in a quality and format; poll its progress',
        description: '`loudness` (streaming -14 LUFS, podcast -16, broadcast -23; default: the caller’s setting, else off) normalises the sound in two EBU R128 passes, true peak at most -1 dBTP; a video’s picture is copied, only its sound re-encoded. '
          + 'Owners take turns for the download slots, each running at most its own number of downloads at once. 429 `daily_bytes_exceeded` once the files prepared for or served to the caller today (UTC) reach its daily bytes; `details.retryAt` says when that renews.',
        tags: ['Media'],
        auth: 'api',
        body: 'DownloadRequest',
        data: 'DownloadStarted',
        errors: [400, 401, 422],
        requestExample: { url: EXAMPLE_MEDIA_URL, quality: '1080p', format: 'mp4' },
        responseExample: { downloadId: 'dl_Q2hhbmdlIG1lIQ' },
      }),
    },
    '/api/download/{id}': {
      get: operation({
        operationId: 'downloadFile',
        summary: 'The file of one format, whole or cut (start/end), with Range',
        description: 'The downloadUrl of a ready download, or built from an analysis: /api/download/{id}?itag=…. A cut starts on the keyframe at or before start unless exact=true; the trim_* codes explain a range that cannot be cut. The bytes delivered count against the caller’s daily bytes (a file the caller’s own download job prepared is not counted twice); once they are used up no file starts: 429 `daily_bytes_exceeded`, `details.retryAt` says when that renews. A file already started is never cut.',
        tags: ['Media'],
        auth: 'api',
        file: { mediaType: 'application/octet-stream', description: 'The file, as an attachment (206 for a Range request)' },
        errors: [400, 401, 404, 413, 422, 429, 502],
        pathParams: [{ name: 'id', description: 'The media id from the analysis' }],
        query: downloadQuery(),
      }),
    },
    '/api/download/{id}/zip': {
      get: operation({
        operationId: 'downloadPostZip',
        summary: 'Every item of a multi-item post (carousel, slideshow, several videos) as one ZIP',
        description: 'Each item in its first format (the MP4 that plays everywhere, the photo as it is, the sound), in the post’s order, named after its title; streamed as it is built. `loudness` normalises every video’s and sound’s audio as on GET /api/download/{id} (a photo is left as it is). 400 for a media that is not a post with several items. The archive’s bytes count against the caller’s daily bytes: 429 `daily_bytes_exceeded` once they are used up.',
        tags: ['Media'],
        auth: 'api',
        file: { mediaType: 'application/zip', description: 'The ZIP, as an attachment' },
        errors: [400, 401, 404, 413, 422, 429, 502],
        pathParams: [{ name: 'id', description: 'The media id from the analysis of a post' }],
        query: queryOf(postZipQuerySchema.shape),
      }),
    },
    '/api/media/progress/{downloadId}': {
      get: operation({
        operationId: 'getDownloadProgress',
        summary: 'A download’s status and progress; downloadUrl once it is ready',
        description: 'Poll every 2 seconds until status is ready or failed. Polling is not counted against the limits.',
        tags: ['Media'],
        auth: 'api',
        data: 'DownloadProgress',
        errors: [401, 404],
        pathParams: [{ name: 'downloadId', description: 'The downloadId from POST /api/media/download' }],
        responseExample: {
          id: 'dl_Q2hhbmdlIG1lIQ', _id: 'dl_Q2hhbmdlIG1lIQ', status: 'ready', progress: 100, message: 'Download ready',
          downloadUrl: '/api/download/Xq3mJm1u8vF0aZ2b?itag=mp4-1080p&ext=mp4',
        },
      }),
      delete: operation({
        operationId: 'cancelDownload',
        summary: 'Stop a download that has not ended',
        description: 'The job stops wherever it runs; its state becomes failed with code cancelled. 409 once it has ended. '
          + 'A download started by a signed-in user is cancelled by that user only (404 to anyone else); a token needs the `download` scope.',
        tags: ['Media'],
        auth: 'api',
        data: 'DownloadProgress',
        errors: [401, 404, 409],
        pathParams: [{ name: 'downloadId', description: 'The downloadId from POST /api/media/download' }],
        responseExample: {
          id: 'dl_Q2hhbmdlIG1lIQ', _id: 'dl_Q2hhbmdlIG1lIQ', status: 'failed', progress: 0, message: 'Cancelled', downloadUrl: null, code: 'cancelled',
        },
      }),
    },
    '/api/media/progress/{downloadId}/file': {
      get: operation({
        operationId: 'downloadKeptFile',
        summary: 'The file of a download kept past the usual expiry, with Range',
        description: 'The downloadUrl of a ready download kept for its owner (a followed creator’s background download, kept until the owner’s history retention ends). 404 once it is gone.',
        tags: ['Media'],
        auth: 'api',
        file: { mediaType: 'application/octet-stream', description: 'The file, as an attachment (206 for a Range request)' },
        errors: [401, 404],
        pathParams: [{ name: 'downloadId', description: 'The downloadId of the kept download' }],
      }),
    },
    '/api/media/progress/{downloadId}/retry': {
      post: operation({
        operationId: 'retryDownload',
        summary: 'Start a failed download again, as a new download',
        description: 'Same link, quality, format and owner; poll the new downloadId. The old one stays failed. 409 unless it has failed; a signed-in user’s download answers that user only.',
        tags: ['Media'],
        auth: 'api',
        data: 'DownloadStarted',
        errors: [401, 404, 409],
        pathParams: [{ name: 'downloadId', description: 'The downloadId of the failed download' }],
        responseExample: { downloadId: 'dl_UmV0cmllZCBvbmNl' },
      }),
    },
  };
}
