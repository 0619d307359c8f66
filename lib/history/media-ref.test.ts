import { describe, expect, it } from 'vitest';
import { recogniseUrl } from '@/lib/media/platforms';
import { mediaRefFor, urlForMediaRef } from './media-ref';

describe('media references', () => {
  it.each([
    ['https://youtu.be/dQw4w9WgXcQ?si=track', 'youtube:dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube:dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://www.tiktok.com/@someone/video/7301234567890123456', 'tiktok:7301234567890123456', 'https://www.tiktok.com/@_/video/7301234567890123456'],
    ['https://www.instagram.com/reel/C1a2B3c4D5e/', 'instagram:C1a2B3c4D5e', 'https://www.instagram.com/p/C1a2B3c4D5e/'],
    ['https://www.facebook.com/watch/?v=123456789012', 'facebook:123456789012', 'https://www.facebook.com/watch/?v=123456789012'],
    ['https://twitter.com/someone/status/1234567890123', 'twitter:1234567890123', 'https://x.com/i/status/1234567890123'],
  ])('%s → %s → %s', (pasted, ref, rebuilt) => {
    expect(mediaRefFor(recogniseUrl(pasted))).toBe(ref);
    expect(urlForMediaRef(ref)).toBe(rebuilt);
  });

  it('keeps no reference for other sites, so they cannot be rebuilt', () => {
    expect(mediaRefFor(recogniseUrl('https://example.com/clip.mp4?sig=secret'))).toBeNull();
    expect(urlForMediaRef(null)).toBeNull();
    expect(urlForMediaRef('generic:abc')).toBeNull();
  });

  it('refuses references that do not name real media', () => {
    expect(urlForMediaRef('youtube:not-an-id')).toBeNull();
    expect(urlForMediaRef('youtube:dQw4w9WgXcQ&list=x')).toBeNull();
    expect(urlForMediaRef('myspace:123')).toBeNull();
    expect(urlForMediaRef(':123')).toBeNull();
  });
});
