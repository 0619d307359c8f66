import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { mapYtdlpInfo } from './map-info';
import type { YtdlpInfo } from './types';

/** Fixtures are trimmed copies of what yt-dlp 2023.03 prints for each site (`yt-dlp -J`). */
function fixture(name: string): YtdlpInfo {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8')) as YtdlpInfo;
}

describe('mapYtdlpInfo — a YouTube video', () => {
  const extraction = mapYtdlpInfo(fixture('youtube-video'));
  const byId = (id: string) => extraction.sources.find((source) => source.id === id);

  it('carries the metadata the result card shows', () => {
    expect(extraction).toMatchObject({
      id: 'dQw4w9WgXcQ',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      title: 'Rick Astley - Never Gonna Give You Up (Official Music Video)',
      uploader: 'Rick Astley',
      duration: 212,
      platform: 'youtube',
      kind: 'video',
      engine: 'ytdlp',
    });
    expect(extraction.description).toContain('Never Gonna Give You Up');
    expect(extraction.isLive).toBeUndefined();
  });

  it('reads the day it was published (upload_date, else release_date) as YYYY-MM-DD, and nothing malformed', () => {
    expect(extraction.uploadDate).toBeUndefined();
    expect(mapYtdlpInfo({ ...fixture('youtube-video'), upload_date: '20091025' }).uploadDate).toBe('2009-10-25');
    expect(mapYtdlpInfo({ ...fixture('youtube-video'), release_date: '20240501' }).uploadDate).toBe('2024-05-01');
    expect(mapYtdlpInfo({ ...fixture('youtube-video'), upload_date: '2009-10-25' }).uploadDate).toBeUndefined();
  });

  it('picks the best thumbnail by preference, then size', () => {
    expect(extraction.thumbnail).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg');
  });

  it('drops storyboards, DRM formats and protocols we cannot fetch', () => {
    expect(extraction.sources.map((source) => source.id)).toEqual(['140', '18', '137', '96']);
  });

  it('maps audio-only, video-only and muxed codecs ("none" → null)', () => {
    expect(byId('140')).toMatchObject({ vcodec: null, acodec: 'mp4a.40.2', container: 'm4a' });
    expect(byId('137')).toMatchObject({ vcodec: 'avc1.640028', acodec: null, width: 1920, height: 1080, fps: 25 });
    expect(byId('18')).toMatchObject({ vcodec: 'avc1.42001E', acodec: 'mp4a.40.2' });
  });

  it('takes exact sizes, else rounded approximate ones', () => {
    expect(byId('140')?.filesize).toBe(3433514);
    expect(byId('18')?.filesize).toBe(13371264);
    expect(byId('96')?.filesize).toBeUndefined();
  });

  it('maps protocols, notes, bitrate and the headers the origin wants', () => {
    expect(byId('140')).toMatchObject({ protocol: 'http', tbr: 129.5, note: 'medium', engine: 'ytdlp' });
    expect(byId('140')?.httpHeaders).toMatchObject({ 'User-Agent': 'Mozilla/5.0', 'Sec-Fetch-Mode': 'navigate' });
    expect(byId('96')).toMatchObject({
      protocol: 'hls',
      url: 'https://manifest.googlevideo.com/api/manifest/hls_playlist/itag/96/index.m3u8',
    });
  });

  it('calls a /shorts/ page a short', () => {
    const info = { ...fixture('youtube-video'), webpage_url: 'https://www.youtube.com/shorts/dQw4w9WgXcQ' };
    expect(mapYtdlpInfo(info).kind).toBe('short');
  });

  it('marks a live stream', () => {
    const info = { ...fixture('youtube-video'), is_live: true, live_status: 'is_live' };
    expect(mapYtdlpInfo(info)).toMatchObject({ kind: 'live', isLive: true });
  });
});

describe('mapYtdlpInfo — platforms', () => {
  it('maps a TikTok video with the referer and cookies its CDN checks', () => {
    const extraction = mapYtdlpInfo(fixture('tiktok-video'));
    expect(extraction).toMatchObject({ platform: 'tiktok', kind: 'video', uploader: 'catlover', duration: 15 });
    expect(extraction.thumbnail).toBe('https://p16-sign-va.tiktokcdn.com/obj/origin_cover.jpeg');
    expect(extraction.sources).toHaveLength(2);
    expect(extraction.sources[1]).toMatchObject({ id: 'play_addr-0', width: 576, height: 1024, filesize: 1914323 });
    expect(extraction.sources[1].httpHeaders?.Referer).toBe('https://www.tiktok.com/@catlover/video/7106594312292453675');
    expect(extraction.sources[1].httpHeaders?.Cookie).toContain('ttwid=xyz');
  });

  it.each([
    ['YoutubeTab', 'youtube'],
    ['VMTikTok', 'tiktok'],
    ['InstagramStory', 'instagram'],
    ['FacebookReel', 'facebook'],
    ['TwitterBroadcast', 'twitter'],
    ['Vimeo', 'generic'],
  ] as const)('names the platform of extractor %s as %s', (key, platform) => {
    expect(mapYtdlpInfo({ ...fixture('tiktok-video'), extractor_key: key }).platform).toBe(platform);
  });

  it('falls back to the recognised platform when the generic extractor answered', () => {
    expect(mapYtdlpInfo(fixture('generic-direct')).platform).toBe('generic');
    expect(mapYtdlpInfo(fixture('generic-direct'), 'facebook').platform).toBe('facebook');
    expect(mapYtdlpInfo(fixture('youtube-video'), 'generic').platform).toBe('youtube');
  });

  it('calls Instagram and Facebook reels reels, and Instagram stories stories', () => {
    const base = fixture('tiktok-video');
    const kind = (key: string, url: string) => mapYtdlpInfo({ ...base, extractor_key: key, webpage_url: url }).kind;
    expect(kind('Instagram', 'https://www.instagram.com/reel/Cabc123/')).toBe('reel');
    expect(kind('FacebookReel', 'https://www.facebook.com/reel/1234567890')).toBe('reel');
    expect(kind('InstagramStory', 'https://www.instagram.com/stories/someone/3012345678/')).toBe('story');
  });
});

describe('mapYtdlpInfo — generic results', () => {
  it('keeps a direct file whose codecs yt-dlp could not name as "unknown", not "absent"', () => {
    const extraction = mapYtdlpInfo(fixture('generic-direct'));
    expect(extraction).toMatchObject({ platform: 'generic', kind: 'video', title: 'video' });
    expect(extraction.sources).toEqual([
      expect.objectContaining({ id: 'mp4', protocol: 'http', url: 'http://127.0.0.1:8765/video.mp4', vcodec: 'unknown', acodec: 'unknown' }),
    ]);
  });

  it('reads a single-format result whose format fields sit on the info itself', () => {
    const info = fixture('generic-direct');
    delete info.formats;
    expect(mapYtdlpInfo({ ...info, ext: 'mp3' }).sources).toEqual([
      expect.objectContaining({ protocol: 'http', container: 'mp3', vcodec: null, acodec: 'unknown' }),
    ]);
  });

  it('resolves DASH fragments against fragment_base_url and separates the initialization segment', () => {
    const [video] = mapYtdlpInfo(fixture('dash-generic')).sources;
    expect(video).toMatchObject({ id: 'v1', protocol: 'dash', url: 'https://media.example.com/dash/manifest.mpd', note: 'DASH video' });
    expect(video.initialization).toEqual({ url: 'https://media.example.com/dash/v1/init.mp4' });
    expect(video.fragments).toEqual([
      { url: 'https://media.example.com/dash/v1/seg-1.m4s', duration: 2 },
      { url: 'https://media.example.com/dash/v1/seg-2.m4s', duration: 2 },
    ]);
  });

  it('keeps absolute DASH fragment URLs and drops a format whose fragments cannot be resolved', () => {
    const sources = mapYtdlpInfo(fixture('dash-generic')).sources;
    expect(sources.map((source) => source.id)).toEqual(['v1', 'a1']);
    expect(sources[1].initialization).toBeUndefined();
    expect(sources[1].fragments?.map((fragment) => fragment.url)).toEqual([
      'https://cdn.example.com/a1/1.m4s',
      'https://cdn.example.com/a1/2.m4s',
    ]);
  });
});

describe('mapYtdlpInfo — posts and playlists', () => {
  it('turns an Instagram carousel into items, the first item\'s streams as sources', () => {
    const extraction = mapYtdlpInfo(fixture('instagram-carousel'));
    expect(extraction).toMatchObject({ platform: 'instagram', kind: 'post', id: 'CpnXYZabc12', uploader: 'Travel Gram' });
    expect(extraction.items?.map((item) => [item.id, item.duration, item.sources.length])).toEqual([
      ['3051234567890123456', 8.4, 2],
      ['3051234567890123457', 12, 1],
    ]);
    expect(extraction.sources).toBe(extraction.items?.[0].sources);
    expect(extraction.thumbnail).toBe('https://scontent.cdninstagram.com/v/t51.2885-15/slide1.jpg');
    expect(extraction.entries).toBeUndefined();
  });

  it('turns a tweet with two videos into two items', () => {
    const extraction = mapYtdlpInfo(fixture('twitter-multi-video'));
    expect(extraction).toMatchObject({ platform: 'twitter', kind: 'post', title: 'NASA - Two views of the launch' });
    expect(extraction.items).toHaveLength(2);
    expect(extraction.items?.[0].sources.map((source) => source.protocol)).toEqual(['hls', 'http']);
    expect(extraction.items?.[1]).toMatchObject({ title: 'NASA - Two views of the launch #2', duration: 45.5 });
    expect(extraction.items?.[1].thumbnail).toBe('https://pbs.twimg.com/ext_tw_video_thumb/2/pu/img/two.jpg');
  });

  it('unwraps a post of a single resolved video', () => {
    const info = fixture('twitter-multi-video');
    info.entries = info.entries?.slice(1);
    const extraction = mapYtdlpInfo(info);
    expect(extraction).toMatchObject({ kind: 'video', id: '1623456780000000002', duration: 45.5 });
    expect(extraction.items).toBeUndefined();
    expect(extraction.url).toBe('https://twitter.com/NASA/status/1623456789012345678');
  });

  it('lists a playlist\'s flat entries to analyse one by one, skipping ones without a URL', () => {
    const extraction = mapYtdlpInfo(fixture('youtube-playlist'));
    expect(extraction).toMatchObject({ platform: 'youtube', kind: 'playlist', title: 'Music of the 80s', sources: [] });
    expect(extraction.description).toBeUndefined();
    expect(extraction.items).toBeUndefined();
    expect(extraction.entries).toEqual([
      {
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        title: 'Never Gonna Give You Up',
        id: 'dQw4w9WgXcQ',
        thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg?sqp=big',
      },
      { url: 'https://www.youtube.com/watch?v=djV11Xbc914', title: 'a-ha - Take On Me', id: 'djV11Xbc914' },
    ]);
  });

  it('calls a channel\'s uploads a channel', () => {
    const channelTab = { ...fixture('youtube-playlist'), webpage_url: 'https://www.youtube.com/@RickAstleyYT/videos' };
    expect(mapYtdlpInfo(channelTab).kind).toBe('channel');
    const tiktokUser = { ...fixture('youtube-playlist'), extractor_key: 'TikTokUser', webpage_url: 'https://www.tiktok.com/@catlover' };
    expect(mapYtdlpInfo(tiktokUser)).toMatchObject({ kind: 'channel', platform: 'tiktok' });
  });
});

/** The recorded multi-item posts (test/fixtures/ytdlp-info), their media URLs on a stand-in origin. */
function recordedPost(name: string): YtdlpInfo {
  const text = readFileSync(join(process.cwd(), 'test', 'fixtures', 'ytdlp-info', `${name}.json`), 'utf8');
  return JSON.parse(text.replaceAll('{{origin}}', 'https://cdn.example.com')) as YtdlpInfo;
}

describe('mapYtdlpInfo — multi-item posts of yt-dlp 2026', () => {
  it('makes a carousel\'s photo slide (no formats) an image item of its largest picture', () => {
    const extraction = mapYtdlpInfo(recordedPost('instagram-carousel-mixed'));
    expect(extraction).toMatchObject({ kind: 'post', platform: 'instagram' });
    const [video, photo, dash] = extraction.items!;
    expect(video.sources.map((s) => s.id)).toEqual(['101']);
    expect(photo.sources).toEqual([
      expect.objectContaining({ id: 'photo', isImage: true, container: 'png', width: 800, height: 600, vcodec: null, acodec: null,
        url: 'https://cdn.example.com/image2.png?stp=dst-jpg_e35&_nc_ht=scontent&slide=2' }),
    ]);
    expect(dash.sources.map((s) => [s.id, s.vcodec, s.acodec])).toEqual([
      ['dash-1150583709402948ad', null, 'mp4a.40.2'],
      ['dash-1385946195551340v', 'avc1.64001e', null],
    ]);
  });

  it('never makes a photo of a DRM-protected entry or of a flat link', () => {
    const info = recordedPost('instagram-carousel-mixed');
    info.entries![1] = { ...info.entries![1], _has_drm: true };
    info.entries![2] = { _type: 'url', url: 'https://www.instagram.com/p/OTHER/', thumbnails: [{ url: 'https://cdn.example.com/x.jpg' }] };
    const extraction = mapYtdlpInfo(info);
    expect(extraction.items?.map((item) => item.id)).toEqual(['DBxQmRxsAb1']);
    expect(extraction.entries?.map((entry) => entry.url)).toEqual(['https://www.instagram.com/p/OTHER/']);
  });

  it('makes a TikTok slideshow one item per picture the worker found, then the sound, then the whole as one video', () => {
    const extraction = mapYtdlpInfo(recordedPost('tiktok-slideshow'));
    expect(extraction.items?.map((item) => [item.title, item.sources.map((s) => `${s.container}:${s.width}x${s.height}`)])).toEqual([
      ['weekend in the mountains 🏔️ #photomode #hiking #1', ['jpg:1080x1080']],
      ['weekend in the mountains 🏔️ #photomode #hiking #2', ['png:800x600']],
      ['weekend in the mountains 🏔️ #photomode #hiking #3', ['webp:640x640']],
      ['weekend in the mountains 🏔️ #photomode #hiking - sound', ['mp3:undefinedxundefined']],
      ['weekend in the mountains 🏔️ #photomode #hiking - video', []],
    ]);
    const video = extraction.items?.[4].slideshow;
    expect(video?.pictures).toEqual([0, 1, 2].map((i) => extraction.items?.[i].sources[0]));
    expect(video?.sound).toBe(extraction.items?.[3].sources[0]);
    expect(extraction.items?.[4].duration).toBe(5);
    expect(extraction.items?.[1].sources[0].httpHeaders?.Referer).toBe('https://www.tiktok.com/@alpinedays/video/7439120345678901234');
  });

  it('without the pictures (yt-dlp alone), makes a TikTok slideshow its cover picture and its sound', () => {
    const info = recordedPost('tiktok-slideshow');
    delete info.grabline_slides;
    const extraction = mapYtdlpInfo(info);
    expect(extraction).toMatchObject({ kind: 'photo', platform: 'tiktok', uploader: 'alpinedays', duration: 5 });
    expect(extraction.items?.map((item) => [item.id, item.sources.map((s) => [s.container, s.isImage ?? false])])).toEqual([
      ['7439120345678901234-cover', [['jpg', true]]],
      ['7439120345678901234-sound', [['mp3', false]]],
      ['7439120345678901234-video', []],
    ]);
    expect(extraction.items?.[0].sources[0].httpHeaders?.Referer).toBe('https://www.tiktok.com/@alpinedays/video/7439120345678901234');
    expect(extraction.sources).toBe(extraction.items?.[0].sources);
  });

  it('leaves a TikTok video with sound and pictures a video', () => {
    expect(mapYtdlpInfo(fixture('tiktok-video'))).toMatchObject({ kind: 'video' });
    expect(mapYtdlpInfo(fixture('tiktok-video')).items).toBeUndefined();
  });

  it('turns an X post with two videos into two items, HLS variants and a progressive MP4', () => {
    const extraction = mapYtdlpInfo(recordedPost('x-multi-video'));
    expect(extraction).toMatchObject({ kind: 'post', platform: 'twitter', id: '1991234567890123456' });
    expect(extraction.items?.map((item) => item.sources.map((s) => `${s.id}:${s.protocol}`))).toEqual([
      ['hls-832:hls', 'hls-2176:hls'],
      ['http-2176:http'],
    ]);
  });
});

describe('mapYtdlpInfo — a plain page read by the generic extractor', () => {
  // What yt-dlp prints for a page with og:video and a relative og:image (the fixture site's og-video page).
  const page: YtdlpInfo = {
    id: 'og-video', title: 'OG video fixture', extractor_key: 'Generic', webpage_url: 'https://example.com/pages/og-video.html',
    url: 'https://example.com/video.mp4', ext: 'mp4', thumbnails: [{ url: '/image.jpg', id: '0' }],
  };

  it('resolves a relative picture against the page it came from', () => {
    expect(mapYtdlpInfo(page).thumbnail).toBe('https://example.com/image.jpg');
    expect(mapYtdlpInfo({ ...page, thumbnails: undefined, thumbnail: 'pics/cover.png' }).thumbnail).toBe('https://example.com/pages/pics/cover.png');
  });

  it('keeps no picture that is not http(s)', () => {
    expect(mapYtdlpInfo({ ...page, thumbnails: [{ url: 'data:image/png;base64,AAAA' }] }).thumbnail).toBeUndefined();
    expect(mapYtdlpInfo({ ...page, thumbnails: [{ url: 'javascript:alert(1)' }] }).thumbnail).toBeUndefined();
  });
});

describe('a bare stream through the generic extractor', () => {
  const stream = (url: string, title: string): YtdlpInfo => ({
    id: title, title, extractor_key: 'Generic', webpage_url: url,
    formats: [{ format_id: 'hls-720', url, protocol: 'm3u8_native', ext: 'mp4', vcodec: 'avc1', acodec: 'mp4a', height: 720 }],
  } as YtdlpInfo);

  it('is titled by the host and path in words, not by its file name "master"', () => {
    expect(mapYtdlpInfo(stream('https://cdn.example.com/shows/night-walk/master.m3u8', 'master')).title).toBe('shows night walk — cdn.example.com');
  });

  it('keeps a title the page or the stream gave it, and a file name that says something', () => {
    expect(mapYtdlpInfo(stream('https://cdn.example.com/master.m3u8', 'Night walk')).title).toBe('Night walk');
    expect(mapYtdlpInfo(stream('https://cdn.example.com/holiday-2024.mp4', 'holiday-2024')).title).toBe('holiday-2024');
  });
});
