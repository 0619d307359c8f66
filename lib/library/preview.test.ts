import { describe, expect, it } from 'vitest';
import { previewLibrary } from './preview';
import { DEFAULT_TEMPLATE } from './template';

describe('previewLibrary', () => {
  it('shows the plain path the sample upload gets', () => {
    expect(previewLibrary(DEFAULT_TEMPLATE, 'plain')).toEqual({ ok: true, paths: ['Jane Doe/2026-03-14 My trip_ part 1_2 [dQw4w9WgXcQ].mp4'] });
  });
  it('shows the media-server folder with its files', () => {
    expect(previewLibrary('%(title)s', 'media-server')).toEqual({
      ok: true,
      paths: [
        'Jane Doe/tvshow.nfo', 'Jane Doe/poster.jpg', 'Jane Doe/Season 2026/My trip_ part 1_2.mp4',
        'Jane Doe/Season 2026/My trip_ part 1_2.nfo', 'Jane Doe/Season 2026/My trip_ part 1_2-thumb.jpg',
      ],
    });
  });
  it('gives the problem instead of a path', () => {
    const preview = previewLibrary('%(nope)s', 'plain');
    expect(preview.ok).toBe(false);
    expect(!preview.ok && preview.error.code).toBe('unknown_field');
  });
});
