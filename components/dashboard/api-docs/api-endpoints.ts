/**
 * The documented public API (SPEC §7), static until the page is rendered from /api/openapi.json.
 * Every answer is wrapped as { success, data }.
 */
export interface EndpointDoc {
  id: 'analyze' | 'download' | 'progress';
  method: 'GET' | 'POST';
  path: string;
  request?: unknown;
  response: unknown;
}

export const API_ENDPOINTS: readonly EndpointDoc[] = [
  {
    id: 'analyze',
    method: 'POST',
    path: '/api/media/analyze',
    request: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    response: {
      success: true,
      data: {
        id: 'med_8f3c2a',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        title: 'Example video',
        description: 'A short description',
        thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
        platform: 'youtube',
        duration: 213,
        fileSize: '48.2 MB',
        availableQualities: ['360p', '720p', '1080p'],
      },
    },
  },
  {
    id: 'download',
    method: 'POST',
    path: '/api/media/download',
    request: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', quality: '1080p', format: 'mp4' },
    response: { success: true, data: { downloadId: 'dl_41b7e9' } },
  },
  {
    id: 'progress',
    method: 'GET',
    path: '/api/media/progress/{downloadId}',
    response: {
      success: true,
      data: { id: 'dl_41b7e9', status: 'ready', progress: 100, message: 'Ready', downloadUrl: '/api/download/dl_41b7e9?itag=137&ext=mp4' },
    },
  },
];

export const json = (value: unknown) => JSON.stringify(value, null, 2);
