import { describe, expect, it } from 'vitest';
import { findLink } from './shared-link';
import { bookmarkletCode } from './bookmarklet';

/** Runs the bookmarklet as a browser would on a page at `pageUrl`, with window.open answering `opened`. */
function click(code: string, pageUrl: string, opened: object | null) {
  expect(code.startsWith('javascript:')).toBe(true);
  const calls: { url: string; target: string }[] = [];
  const location = { href: pageUrl };
  const window = { open: (url: string, target: string) => (calls.push({ url, target }), opened) };
  // A browser percent-decodes a javascript: URL before running it.
  new Function('window', 'location', decodeURIComponent(code.slice('javascript:'.length)))(window, location);
  return { calls, location };
}

describe('bookmarkletCode', () => {
  it('opens our /download with the page it was clicked on, in a new tab cut off from that page', () => {
    const code = bookmarkletCode('https://grab.example/ar/download');
    const tab = { opener: 'the page' };
    const page = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s#comments';
    const { calls, location } = click(code, page, tab);
    expect(calls).toEqual([{ url: `https://grab.example/ar/download?url=${encodeURIComponent(page)}`, target: '_blank' }]);
    expect(tab.opener).toBeNull();
    expect(location.href).toBe(page);
    // what arrives is the page's address again
    expect(findLink(new URL(calls[0].url).searchParams.get('url')!)).toBe(page);
  });

  it('goes there in the same tab when the browser blocks the new one', () => {
    const { location } = click(bookmarkletCode('http://127.0.0.1:3456/download'), 'https://vm.tiktok.com/ZMabc/', null);
    expect(location.href).toBe(`http://127.0.0.1:3456/download?url=${encodeURIComponent('https://vm.tiktok.com/ZMabc/')}`);
  });

  it('carries no percent sign and no query or fragment of the page it was made on', () => {
    const code = bookmarkletCode('https://grab.example/fr/download?url=x%20y#top');
    expect(code).not.toContain('%');
    expect(click(code, 'https://x.com/a/status/1', {}).calls[0].url).toBe(`https://grab.example/fr/download?url=${encodeURIComponent('https://x.com/a/status/1')}`);
  });
});
