import { operation, type Paths } from './operation';

/**
 * The library (LIBRARY_DIR): the user's naming template and layout. Follows carry their own (`library` on a
 * follow); a download or batch asks for a copy with `saveToLibrary: true`.
 */
export function libraryPaths(): Paths {
  const tags = ['Library'];
  return {
    '/api/library/settings': {
      get: operation({
        operationId: 'getLibrarySettings', summary: 'Your naming template and layout, and whether the server offers a library', tags, auth: 'session',
        data: 'LibraryStatus', errors: [403],
      }),
      patch: operation({
        operationId: 'updateLibrarySettings', summary: 'Change your naming template, layout or both',
        description: 'A template that cannot be used is refused with 400 `invalid_request`, the message naming the problem (an unknown field, an unclosed "%(", a folder ".." …).',
        tags, auth: 'session', body: 'LibrarySettingsPatch', data: 'LibraryStatus', errors: [400, 403],
        requestExample: { template: '%(creator|Unknown)s/%(upload_date>%Y)s/%(title)s [%(id)s].%(ext)s', layout: 'media-server' },
      }),
    },
  };
}
