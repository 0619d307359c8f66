import { describe, expect, it } from 'vitest';
import { parseHtmlMedia } from './html';

const PAGE = 'https://site.example.com/watch/42?x=1';
const doc = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe('parseHtmlMedia — OpenGraph and Twitter', () => {
  it('reads og:title, og:description, og:image and an og:video with its type and size', () => {
    const page = parseHtmlMedia(doc(`
      <meta property="og:title" content="Tom &amp; Jerry &#8212; &quot;Live&quot;">
      <meta property="og:description" content="A cat &lt;and&gt; a mouse">
      <meta property="og:image" content="/thumb.jpg">
      <meta property="og:video" content="http://cdn.example.com/v.mp4">
      <meta property="og:video:secure_url" content="https://cdn.example.com/v.mp4">
      <meta property="og:video:type" content="video/mp4">
      <meta property="og:video:width" content="1280"><meta property="og:video:height" content="720">`), PAGE);
    expect(page.title).toBe('Tom & Jerry — "Live"');
    expect(page.description).toBe('A cat <and> a mouse');
    expect(page.thumbnail).toBe('https://site.example.com/thumb.jpg');
    expect(page.candidates[0]).toEqual({
      url: 'https://cdn.example.com/v.mp4', kind: 'video', group: 0, mimeType: 'video/mp4', width: 1280, height: 720,
    });
  });

  it('classifies og:video by type: HLS, DASH and embed pages', () => {
    const page = parseHtmlMedia(doc(`
      <meta property="og:video:url" content="https://cdn.example.com/a/master.m3u8">
      <meta property="og:video:url" content="https://cdn.example.com/b/stream">
      <meta property="og:video:type" content="application/dash+xml">
      <meta property="og:video" content="https://player.example.com/embed/1">
      <meta property="og:video:type" content="text/html">`), PAGE);
    expect(page.candidates.map((c) => [c.kind, c.group])).toEqual([['hls', 0], ['dash', 1], ['page', 2]]);
  });

  it('reads twitter:player:stream, og:audio and twitter:image', () => {
    const page = parseHtmlMedia(doc(`
      <meta name="twitter:player:stream" content="https://cdn.example.com/t.mp4">
      <meta property="og:audio" content="https://cdn.example.com/song.mp3">
      <meta name="twitter:image" content="https://cdn.example.com/tw.jpg">`), PAGE);
    expect(page.candidates.map((c) => c.kind)).toEqual(['video', 'audio', 'image']);
    expect(page.thumbnail).toBe('https://cdn.example.com/tw.jpg');
  });

  it('falls back to <title>, whitespace collapsed', () => {
    expect(parseHtmlMedia(doc('<title>  My\n  page </title>'), PAGE).title).toBe('My page');
  });

  it('lists several og:image as several groups (an image carousel)', () => {
    const page = parseHtmlMedia(doc(['a', 'b', 'c'].map((n) => `<meta property="og:image" content="/img/${n}.jpg">`).join('')), PAGE);
    expect(page.candidates.map((c) => [c.url.split('/').pop(), c.group])).toEqual([['a.jpg', 1000], ['b.jpg', 1001], ['c.jpg', 1002]]);
  });
});

describe('parseHtmlMedia — players', () => {
  it('reads <video src>, <source> alternatives of one element, <audio> and the poster', () => {
    const page = parseHtmlMedia(doc('', `
      <video poster="poster.png"><source src="clip.webm" type="video/webm"><source src="clip.mp4" type="video/mp4"></video>
      <video src="/second.mp4"></video>
      <audio src="sound.ogg"></audio>`), PAGE);
    expect(page.candidates.map((c) => [c.url.split('/').pop(), c.kind, c.group])).toEqual([
      ['clip.webm', 'video', 0], ['clip.mp4', 'video', 0], ['second.mp4', 'video', 1], ['sound.ogg', 'audio', 2],
    ]);
    expect(page.thumbnail).toBe('https://site.example.com/watch/poster.png');
  });

  it('dedupes the same URL met through several signals', () => {
    const page = parseHtmlMedia(doc('<meta property="og:video" content="https://cdn.example.com/v.mp4">', '<video src="https://cdn.example.com/v.mp4"></video>'), PAGE);
    expect(page.candidates).toHaveLength(1);
  });

  it('never emits javascript:, data: or file: URLs', () => {
    const page = parseHtmlMedia(doc('<meta property="og:video" content="javascript:alert(1)">', '<video src="file:///etc/passwd"></video><video src="data:video/mp4;base64,AA"></video>'), PAGE);
    expect(page.candidates).toEqual([]);
  });
});

describe('parseHtmlMedia — JSON-LD', () => {
  it('reads a VideoObject: contentUrl, embedUrl, name, duration, thumbnailUrl array', () => {
    const page = parseHtmlMedia(doc(ld({
      '@context': 'https://schema.org', '@type': 'VideoObject', name: 'LD title', description: 'LD desc',
      contentUrl: 'https://cdn.example.com/ld.mp4', embedUrl: 'https://site.example.com/embed/42',
      thumbnailUrl: ['https://cdn.example.com/ld1.jpg', 'https://cdn.example.com/ld2.jpg'], duration: 'PT1M30S',
    })), PAGE);
    expect(page.title).toBe('LD title');
    expect(page.description).toBe('LD desc');
    expect(page.duration).toBe(90);
    expect(page.thumbnail).toBe('https://cdn.example.com/ld1.jpg');
    expect(page.candidates.map((c) => c.kind)).toEqual(['video', 'page']);
  });

  it('walks @graph and arrays, and takes thumbnailUrl as an object', () => {
    const page = parseHtmlMedia(doc(ld([{ '@type': 'WebPage' }, { '@graph': [
      { '@type': ['VideoObject'], contentUrl: '/media/g.m3u8', thumbnailUrl: { '@type': 'ImageObject', url: '/t.jpg' } },
      { '@type': 'AudioObject', contentUrl: '/media/a.mp3' },
    ] }])), PAGE);
    expect(page.candidates.map((c) => [c.url, c.kind])).toEqual([
      ['https://site.example.com/media/g.m3u8', 'hls'], ['https://site.example.com/media/a.mp3', 'audio'],
    ]);
    expect(page.thumbnail).toBe('https://site.example.com/t.jpg');
  });

  it('reads ImageObjects as image candidates', () => {
    const page = parseHtmlMedia(doc(ld({ '@type': 'ImageObject', contentUrl: 'https://cdn.example.com/p.png', width: '800', height: { value: 600 } })), PAGE);
    expect(page.candidates[0]).toMatchObject({ kind: 'image', width: 800, height: 600 });
  });

  it('turns an ItemList of VideoObjects without contentUrl into entries', () => {
    const page = parseHtmlMedia(doc(ld({ '@type': 'ItemList', itemListElement: [
      { '@type': 'ListItem', position: 1, item: { '@type': 'VideoObject', url: '/v/1', name: 'One', thumbnailUrl: '/1.jpg' } },
      { '@type': 'VideoObject', url: '/v/2', name: 'Two' },
      { '@type': 'VideoObject', url: '/v/2', name: 'Two again' },
    ] })), PAGE);
    expect(page.entries).toEqual([
      { url: 'https://site.example.com/v/1', title: 'One', thumbnail: 'https://site.example.com/1.jpg' },
      { url: 'https://site.example.com/v/2', title: 'Two', thumbnail: undefined },
    ]);
    expect(page.candidates).toEqual([]);
  });

  it('survives broken JSON-LD and keeps the other signals', () => {
    const page = parseHtmlMedia(doc('<script type="application/ld+json">{"@type": "VideoObject",</script><meta property="og:video" content="/v.mp4">'), PAGE);
    expect(page.candidates.map((c) => c.url)).toEqual(['https://site.example.com/v.mp4']);
  });

  it('puts ItemList slides first, pictures included, in list order (a mixed carousel)', () => {
    const page = parseHtmlMedia(doc('<meta property="og:video" content="/v.mp4"><meta property="og:image" content="/a.jpg">' + ld({
      '@type': 'ItemList', itemListElement: [
        { '@type': 'ListItem', item: { '@type': 'ImageObject', contentUrl: '/a.jpg' } },
        { '@type': 'ListItem', item: { '@type': 'VideoObject', contentUrl: '/v.mp4' } },
      ] })), PAGE);
    expect(page.candidates.map((c) => [c.url.split('/').pop(), c.kind, c.listed])).toEqual([['a.jpg', 'image', true], ['v.mp4', 'video', true]]);
  });

  it('treats list elements with their own page as feed entries even when they carry contentUrl', () => {
    const page = parseHtmlMedia(doc(ld({ '@type': 'ItemList', itemListElement: [
      { '@type': 'ListItem', url: '/p/1', item: { '@type': 'VideoObject', contentUrl: '/x.mp4', url: '/p/1', name: 'One' } },
    ] })), PAGE);
    expect(page.entries?.map((e) => e.url)).toEqual(['https://site.example.com/p/1']);
    expect(page.candidates).toEqual([]);
  });
});
