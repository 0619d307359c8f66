import { describe, expect, it } from 'vitest';
import type { SourceFormat } from '@/lib/media/types';
import { buildOffers } from './build-offers';
import { isThumbnailItag } from './thumbnail-offer';

const src = (id: string, over: Partial<SourceFormat>): SourceFormat => ({
  id, protocol: 'http', url: `https://cdn.example/${id}`, vcodec: null, acodec: null, engine: 'ytdlp', ...over,
});
const video = src('http-0', { container: 'mp4', vcodec: 'h264', acodec: 'aac', width: 1280, height: 720, filesize: 5_000_000 });
const sound = src('http-a', { container: 'mp3', acodec: 'mp3', tbr: 128 });
const photo = src('img', { container: 'jpg', isImage: true, width: 1080, height: 1080 });
const THUMB = 'https://i.example/vi/abc/maxresdefault.webp';

describe('the thumbnail offer', () => {
  it('comes last beside a video, as a JPEG made from the named picture, and is no quality of the media', () => {
    const offers = buildOffers({ sources: [video], duration: 6, thumbnail: THUMB });
    expect(offers.formats.at(-1)).toEqual({ itag: 'thumb', ext: 'jpg', quality: 'thumbnail', format_note: 'JPEG · thumbnail' });
    expect(offers.formats[0].itag).toBe('mp4-720');
    expect(offers.plans.get('thumb')).toMatchObject({ kind: 'image', action: 'thumbnail', container: 'jpg', ext: 'jpg', image: { url: THUMB, isImage: true, engine: 'ytdlp' } });
    expect(offers.availableQualities).not.toContain('thumbnail');
  });

  it('is not offered without a video, nor for a picture that is not a remote address', () => {
    expect(buildOffers({ sources: [sound], duration: 5, thumbnail: THUMB }).plans.has('thumb')).toBe(false);
    expect(buildOffers({ sources: [photo], kind: 'photo', thumbnail: THUMB }).plans.has('thumb')).toBe(false);
    expect(buildOffers({ sources: [video], thumbnail: 'data:image/png;base64,AAAA' }).plans.has('thumb')).toBe(false);
    expect(buildOffers({ sources: [video] }).plans.has('thumb')).toBe(false);
  });

  it('names a thumbnail itag bare and with an item prefix', () => {
    expect(['thumb', 'i3-thumb', 'mp4-720', 'thumbnail', 'img-0'].map(isThumbnailItag)).toEqual([true, true, false, false, false]);
  });
});
