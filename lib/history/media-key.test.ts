import { describe, expect, it } from 'vitest';
import { mediaKeyForUrl } from './media-key';

describe('mediaKeyForUrl', () => {
  it('gives every link to one platform media the same key for a user, and another user another key', () => {
    const watch = mediaKeyForUrl('usr_a', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42');
    expect(watch).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mediaKeyForUrl('usr_a', 'https://youtu.be/dQw4w9WgXcQ')).toBe(watch);
    expect(mediaKeyForUrl('usr_a', 'https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe(watch);
    expect(mediaKeyForUrl('usr_b', 'https://youtu.be/dQw4w9WgXcQ')).not.toBe(watch);
    expect(mediaKeyForUrl('usr_a', 'https://youtu.be/aaaaaaaaaaa')).not.toBe(watch);
  });

  it('keys other sites by their canonical link: tracking parameters aside, a different query is different media', () => {
    const page = mediaKeyForUrl('usr_a', 'https://example.com/clip.mp4?id=1');
    expect(mediaKeyForUrl('usr_a', 'https://EXAMPLE.com/clip.mp4?id=1&utm_source=x')).toBe(page);
    expect(mediaKeyForUrl('usr_a', 'https://example.com/clip.mp4?id=2')).not.toBe(page);
  });

  it('has no key for what is not a link', () => {
    expect(mediaKeyForUrl('usr_a', 'not a link')).toBeNull();
  });
});
