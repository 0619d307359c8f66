import { describe, expect, it } from 'vitest';
import { toAnalyzedMedia } from '@/lib/media/analyze/to-media-info';
import type { Extraction, SourceFormat } from '@/lib/media/types';
import { chooseForCobalt } from './choose-offer';
import { COBALT_ERROR_CODES, toCobaltError } from './error-codes';
import { cobaltFilename } from './filename';
import { cobaltRequestSchema } from './schemas';

const src = (id: string, over: Partial<SourceFormat>): SourceFormat => ({
  id, protocol: 'dash', url: `https://cdn.example/${id}`, vcodec: null, acodec: null, engine: 'ytdlp', ...over,
});

/** A YouTube-like ladder: H.264 and VP9 pictures at three heights, AAC and Opus sound. */
function youtube(): ReturnType<typeof toAnalyzedMedia> {
  const extraction: Extraction = {
    id: 'dQw4w9WgXcQ', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'A: B / C', platform: 'youtube', kind: 'video',
    duration: 60, engine: 'ytdlp', thumbnail: 'https://i.example/vi/dQw4w9WgXcQ/maxresdefault.jpg',
    sources: [
      src('v1080', { container: 'mp4', vcodec: 'avc1.640028', width: 1920, height: 1080, tbr: 4000 }),
      src('v720', { container: 'mp4', vcodec: 'avc1.64001f', width: 1280, height: 720, tbr: 2500 }),
      src('v360', { container: 'mp4', vcodec: 'avc1.4d401e', width: 640, height: 360, tbr: 700 }),
      src('v1080-vp9', { container: 'webm', vcodec: 'vp9', width: 1920, height: 1080, tbr: 3000 }),
      src('a-aac', { container: 'm4a', acodec: 'mp4a.40.2', tbr: 128 }),
      src('a-opus', { container: 'webm', acodec: 'opus', tbr: 160 }),
    ],
  };
  return toAnalyzedMedia(extraction, 'media-1');
}

const prefs = (over: Record<string, unknown> = {}) => cobaltRequestSchema.parse({ url: 'https://youtu.be/dQw4w9WgXcQ', ...over });
const fileOf = (choice: ReturnType<typeof chooseForCobalt>) => {
  if (choice.kind !== 'file') throw new Error('expected one file');
  return choice.plan;
};

describe('chooseForCobalt', () => {
  it('takes cobalt\'s defaults as 1080p H.264 MP4, and a height as the nearest one below', () => {
    const media = youtube();
    expect(fileOf(chooseForCobalt(media, prefs()))).toMatchObject({ container: 'mp4', height: 1080, videoCodec: 'copy' });
    expect(fileOf(chooseForCobalt(media, prefs({ videoQuality: '480' })))).toMatchObject({ container: 'mp4', height: 360 });
    expect(fileOf(chooseForCobalt(media, prefs({ videoQuality: 'max' })))).toMatchObject({ height: 1080 });
  });

  it('gives WebM for VP9 only when the source has VP9, and whenever the WebM container is asked for', () => {
    const media = youtube();
    expect(fileOf(chooseForCobalt(media, prefs({ youtubeVideoCodec: 'vp9' })))).toMatchObject({ container: 'webm', height: 1080, videoCodec: 'copy' });
    expect(fileOf(chooseForCobalt(media, prefs({ youtubeVideoCodec: 'vp9', videoQuality: '720' })))).toMatchObject({ container: 'mp4', height: 720 });
    expect(fileOf(chooseForCobalt(media, prefs({ youtubeVideoContainer: 'webm' })))).toMatchObject({ container: 'webm', height: 1080 });
    expect(fileOf(chooseForCobalt(media, prefs({ youtubeVideoContainer: 'mkv', youtubeVideoCodec: 'vp9' })))).toMatchObject({ container: 'mp4', height: 1080 });
  });

  it('maps audioFormat and audioBitrate onto the audio offers', () => {
    const media = youtube();
    const audio = (over: Record<string, unknown>) => fileOf(chooseForCobalt(media, prefs({ downloadMode: 'audio', ...over }))).itag;
    expect(audio({})).toBe('mp3-128');
    expect(audio({ audioBitrate: '320' })).toBe('mp3-320');
    expect(audio({ audioBitrate: 256 })).toBe('mp3-320');
    expect(audio({ audioBitrate: '64' })).toBe('mp3-128');
    expect(audio({ audioFormat: 'best' })).toBe('m4a');
    expect(audio({ audioFormat: 'ogg' })).toBe('opus');
    expect(audio({ audioFormat: 'opus' })).toBe('opus');
    expect(audio({ audioFormat: 'wav' })).toBe('wav');
  });

  it('mute: the chosen video without its sound, addressed by an itag of its own in the analysis', () => {
    const media = youtube();
    const plan = fileOf(chooseForCobalt(media, prefs({ downloadMode: 'mute', videoQuality: '720' })));
    expect(plan).toMatchObject({ itag: 'mp4-720-mute', kind: 'video', container: 'mp4', height: 720, action: 'remux' });
    expect(plan.audio).toBeUndefined();
    expect(media.plans.get('mp4-720-mute')).toBe(plan);
    expect(media.info.formats.map((f) => f.itag)).not.toContain('mp4-720-mute');
  });
});

describe('cobaltFilename', () => {
  it('writes cobalt\'s four styles, always as a safe file name', () => {
    const media = youtube();
    const plan = media.plans.get('mp4-720')!;
    expect(cobaltFilename('classic', media, plan, media.info.title)).toBe('youtube_dQw4w9WgXcQ_720p.mp4');
    expect(cobaltFilename('basic', media, plan, media.info.title)).toBe('A B C (720p).mp4');
    expect(cobaltFilename('pretty', media, plan, media.info.title)).toBe('A B C (720p, youtube).mp4');
    expect(cobaltFilename('nerdy', media, media.plans.get('m4a')!, media.info.title)).toBe('A B C (audio, youtube, dQw4w9WgXcQ).m4a');
  });
});

describe('toCobaltError', () => {
  it('maps every code of ours onto one of cobalt\'s', () => {
    for (const code of Object.values(COBALT_ERROR_CODES)) expect(code).toMatch(/^error\.api\.[a-z_.]+$/);
  });

  it('carries the service, the seconds to wait and the duration limit in minutes', () => {
    expect(toCobaltError({ code: 'invalid_url' })).toEqual({ status: 'error', error: { code: 'error.api.link.invalid' } });
    expect(toCobaltError({ code: 'rate_limited', details: { retryAfter: 30, limit: 100 } }, 'youtube')).toEqual({
      status: 'error', error: { code: 'error.api.rate_exceeded', context: { service: 'youtube', limit: 30 } },
    });
    expect(toCobaltError({ code: 'too_long', details: { maxSeconds: 10_800 } }).error).toEqual({ code: 'error.api.content.too_long', context: { limit: 180 } });
    expect(toCobaltError({ code: 'geo_blocked' }, 'tiktok').error).toEqual({ code: 'error.api.content.video.region', context: { service: 'tiktok' } });
  });
});
