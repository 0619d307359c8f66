import { describe, expect, it } from 'vitest';
import type { SourceFormat } from '@/lib/media/types';
import { buildOffers } from './build-offers';

const src = (id: string, over: Partial<SourceFormat>): SourceFormat => ({
  id, protocol: 'http', url: `https://cdn.example/${id}`, vcodec: null, acodec: null, engine: 'native', ...over,
});
const itags = (sources: SourceFormat[], extra: { duration?: number; kind?: 'photo' } = {}) =>
  buildOffers({ sources, ...extra }).formats.map((f) => f.itag);
const planOf = (sources: SourceFormat[], itag: string, duration?: number) => buildOffers({ sources, duration }).plans.get(itag);

const AUDIO_ITAGS = ['mp3-320', 'mp3-128', 'm4a', 'opus', 'wav'];

const mp4File = src('http-0', {
  container: 'mp4', vcodec: 'h264', acodec: 'aac', width: 1280, height: 720, fps: 30, tbr: 2000, filesize: 5_000_000, duration: 20,
});
const hlsLadder = [
  src('hls-1080p', { protocol: 'hls', container: 'ts', vcodec: 'avc1.640028', acodec: null, width: 1920, height: 1080, tbr: 5000 }),
  src('hls-720p', { protocol: 'hls', container: 'ts', vcodec: 'avc1.64001f', acodec: null, width: 1280, height: 720, tbr: 2800 }),
  src('hls-360p', { protocol: 'hls', container: 'ts', vcodec: 'avc1.4d401e', acodec: null, width: 640, height: 360, tbr: 800 }),
  src('hls-audio-en', { protocol: 'hls', container: 'ts', acodec: 'mp4a.40.2', tbr: 128 }),
];
const dash = [
  src('dash-v1080', { protocol: 'dash', container: 'mp4', vcodec: 'avc1.640028', width: 1920, height: 1080, tbr: 4000, filesize: 40_000_000 }),
  src('dash-v1080-vp9', { protocol: 'dash', container: 'webm', vcodec: 'vp9', width: 1920, height: 1080, tbr: 3000, filesize: 30_000_000 }),
  src('dash-v2160-vp9', { protocol: 'dash', container: 'webm', vcodec: 'vp09.00.51.08', width: 3840, height: 2160, tbr: 15000 }),
  src('dash-a-aac', { protocol: 'dash', container: 'm4a', acodec: 'mp4a.40.2', tbr: 128, filesize: 1_000_000 }),
  src('dash-a-opus', { protocol: 'dash', container: 'webm', acodec: 'opus', tbr: 160, filesize: 1_200_000 }),
];

describe('buildOffers — progressive file', () => {
  it('offers the file itself as the default mp4, passed through with its exact size', () => {
    const offers = buildOffers({ sources: [mp4File], duration: 20 });
    expect(offers.formats[0]).toMatchObject({ itag: 'mp4-720', ext: 'mp4', quality: '720p', filesize: 5_000_000, format_note: '720p · H.264' });
    expect(offers.formats[0].filesizeApprox).toBeUndefined();
    expect(offers.plans.get('mp4-720')).toMatchObject({ action: 'passthrough', videoCodec: 'copy', audioCodec: 'copy' });
  });

  it('never scales up: a 720p file gets no 1080p or 4K offer', () => {
    expect(itags([mp4File])).not.toContain('mp4-1080');
    expect(itags([mp4File])).not.toContain('mp4-2160');
  });

  it('offers every audio format for a file with sound, encoded from its audio', () => {
    expect(itags([mp4File])).toEqual(expect.arrayContaining(AUDIO_ITAGS));
    expect(planOf([mp4File], 'mp3-320')).toMatchObject({ kind: 'audio', action: 'transcode-audio', audioCodec: 'mp3', audioBitrate: 320 });
    expect(planOf([mp4File], 'm4a')).toMatchObject({ action: 'remux', audioCodec: 'copy' });
  });

  it('offers WebM for an H.264-only file only as a conversion, and not above 720p', () => {
    expect(planOf([mp4File], 'webm-720')).toMatchObject({ action: 'transcode-video', videoCodec: 'vp9', audioCodec: 'opus' });
    const big = { ...mp4File, width: 1920, height: 1080 };
    expect(itags([big])).not.toContain('webm-1080');
    expect(buildOffers({ sources: [mp4File] }).formats.find((f) => f.itag === 'webm-720')?.format_note).toContain('converted');
  });

  it('passes a progressive WebM through for webm and converts it for the mp4 default', () => {
    const webm = src('http-0', { container: 'webm', vcodec: 'vp9', acodec: 'opus', width: 640, height: 360, filesize: 900_000 });
    expect(planOf([webm], 'webm-360')).toMatchObject({ action: 'passthrough' });
    expect(planOf([webm], 'mp4-360')).toMatchObject({ action: 'transcode-video', videoCodec: 'h264', audioCodec: 'aac' });
    expect(itags([webm])[0]).toBe('mp4-360');
  });

  it('remuxes an mkv with H.264+AAC into mp4 instead of passing it through', () => {
    const mkv = { ...mp4File, container: 'mkv' };
    expect(planOf([mkv], 'mp4-720')).toMatchObject({ action: 'remux' });
  });

  it('converts only the audio when the video copies but the audio does not fit mp4', () => {
    const ac3 = { ...mp4File, acodec: 'ac-3' };
    expect(planOf([ac3], 'mp4-720')).toMatchObject({ action: 'transcode-audio', videoCodec: 'copy', audioCodec: 'aac' });
  });
});

describe('buildOffers — HLS ladder with an audio group', () => {
  const offers = buildOffers({ sources: hlsLadder, duration: 10 });

  it('offers mp4 at exactly the rungs of the ladder, best first', () => {
    const video = offers.formats.filter((f) => f.ext === 'mp4' && f.itag !== 'mp4-messaging').map((f) => f.itag);
    expect(video).toEqual(['mp4-1080', 'mp4-720', 'mp4-360']);
  });

  it('merges each video rendition with the audio rendition', () => {
    const plan = offers.plans.get('mp4-1080')!;
    expect(plan.action).toBe('merge');
    expect(plan.video?.id).toBe('hls-1080p');
    expect(plan.audio?.id).toBe('hls-audio-en');
  });

  it('estimates sizes from bitrate × duration and says so', () => {
    const f = offers.formats.find((x) => x.itag === 'mp4-720')!;
    expect(f.filesize).toBe(Math.round(((2800 + 128) * 1000 * 10) / 8));
    expect(f.filesizeApprox).toBe(true);
  });

  it('lists qualities high to low, then audio', () => {
    expect(offers.availableQualities.slice(0, 3)).toEqual(['1080p', '720p', '360p']);
    // The audio rendition is 128 kbps: no MP3 offer promises more.
    expect(offers.availableQualities).toContain('128kbps');
    expect(offers.availableQualities).not.toContain('320kbps');
  });

  it('puts audio offers after the videos', () => {
    const first = offers.formats.findIndex((f) => f.itag === 'mp3-320');
    expect(offers.formats.slice(first).every((f) => !f.itag.startsWith('mp4') && !f.itag.startsWith('webm'))).toBe(true);
    expect(offers.plans.get('m4a')).toMatchObject({ action: 'remux', audioCodec: 'copy' });
  });
});

describe('buildOffers — DASH with separate audio and video', () => {
  const offers = buildOffers({ sources: dash, duration: 60 });

  it('defaults to the H.264 1080p mp4, not the 4K VP9', () => {
    expect(offers.formats[0].itag).toBe('mp4-1080');
    expect(offers.plans.get('mp4-1080')).toMatchObject({ action: 'merge', videoCodec: 'copy', audioCodec: 'copy' });
    expect(offers.plans.get('mp4-1080')!.audio!.id).toBe('dash-a-aac');
  });

  it('sums exact sizes when both merged streams state theirs', () => {
    expect(offers.formats[0]).toMatchObject({ filesize: 41_000_000 });
    expect(offers.formats[0].filesizeApprox).toBeUndefined();
  });

  it('copies VP9 with Opus into webm, and offers 4K mp4 only as a conversion', () => {
    expect(offers.plans.get('webm-1080')).toMatchObject({ action: 'merge', audio: expect.objectContaining({ id: 'dash-a-opus' }) });
    expect(offers.plans.get('mp4-2160')).toMatchObject({ action: 'transcode-video', videoCodec: 'h264' });
    expect(offers.plans.get('webm-2160')).toMatchObject({ action: 'merge' });
  });

  it('orders the rest by quality: 4K after the default, mp4 before webm', () => {
    expect(offers.formats.slice(0, 4).map((f) => f.itag)).toEqual(['mp4-1080', 'mp4-2160', 'webm-2160', 'webm-1080']);
  });

  it('copies Opus for opus and AAC for m4a', () => {
    expect(offers.plans.get('opus')).toMatchObject({ action: 'remux', audioCodec: 'copy', container: 'ogg' });
    expect(offers.plans.get('opus')!.audio!.id).toBe('dash-a-opus');
    expect(offers.plans.get('m4a')!.audio!.id).toBe('dash-a-aac');
  });
});

describe('buildOffers — other shapes', () => {
  it('VP9-only: no WebM conversions, mp4 converted, default the best mp4 ≤ 1080p', () => {
    const vp9 = [
      src('v1', { protocol: 'dash', vcodec: 'vp9', width: 2560, height: 1440 }),
      src('v2', { protocol: 'dash', vcodec: 'vp9', width: 1280, height: 720 }),
      src('a', { protocol: 'dash', acodec: 'opus', tbr: 130 }),
    ];
    const list = itags(vp9);
    expect(list[0]).toBe('mp4-720');
    expect(list).toContain('webm-1440');
    expect(planOf(vp9, 'mp4-1440')?.action).toBe('transcode-video');
    expect(planOf(vp9, 'mp4-720')?.audioCodec).toBe('aac');
  });

  it('audio-only m4a: no video offers, m4a passed through', () => {
    const m4a = src('http-0', { container: 'm4a', acodec: 'aac', tbr: 128, filesize: 320_000 });
    const offers = buildOffers({ sources: [m4a], duration: 20 });
    expect(offers.formats.some((f) => f.ext === 'mp4' || f.ext === 'webm')).toBe(false);
    expect(offers.plans.get('m4a')).toMatchObject({ action: 'passthrough' });
    expect(offers.formats.find((f) => f.itag === 'm4a')).toMatchObject({ filesize: 320_000, format_note: 'M4A · AAC 128 kbps · original' });
  });

  it('an MP3 file is offered as itself, never re-encoded up to 320 kbps', () => {
    const mp3 = src('http-0', { container: 'mp3', acodec: 'mp3', tbr: 128, filesize: 300_000 });
    const list = itags([mp3]);
    expect(list[0]).toBe('mp3');
    expect(list).not.toContain('mp3-320');
    expect(list).not.toContain('mp3-128');
    expect(planOf([mp3], 'mp3')?.action).toBe('passthrough');
  });

  it('a 256 kbps MP3 also gets a smaller 128 kbps encode', () => {
    const mp3 = src('http-0', { container: 'mp3', acodec: 'mp3', tbr: 256 });
    expect(planOf([mp3], 'mp3-128')).toMatchObject({ action: 'transcode-audio', audioBitrate: 128 });
  });

  it('a photo: one image offer, passed through, and nothing else', () => {
    const jpg = src('img', { isImage: true, container: 'jpg', width: 1080, height: 1350, filesize: 200_000 });
    const offers = buildOffers({ sources: [jpg], kind: 'photo' });
    expect(offers.formats).toEqual([{ itag: 'img-0', ext: 'jpg', quality: '1080×1350', format_note: 'JPG · 1080×1350', filesize: 200_000 }]);
    expect(offers.plans.get('img-0')).toMatchObject({ kind: 'image', action: 'passthrough', image: jpg });
  });

  it('a photo slideshow with music leads with its stills, largest first', () => {
    const sources = [
      src('small', { isImage: true, container: 'png', width: 100, height: 100 }),
      src('big', { isImage: true, container: 'webp', width: 1000, height: 1000 }),
      src('music', { container: 'mp3', acodec: 'mp3', tbr: 128 }),
    ];
    const list = itags(sources, { kind: 'photo' });
    expect(list.slice(0, 2)).toEqual(['img-0', 'img-1']);
    expect(planOf(sources, 'img-0')?.container).toBe('webp');
    expect(list).toContain('mp3');
  });

  it('muxed HLS: remux to mp4, audio taken from a rendition ≤ 720p', () => {
    const muxed = [
      src('hls-1080p', { protocol: 'hls', container: 'ts', vcodec: 'avc1.640028', acodec: 'mp4a.40.2', width: 1920, height: 1080 }),
      src('hls-720p', { protocol: 'hls', container: 'ts', vcodec: 'avc1.64001f', acodec: 'mp4a.40.2', width: 1280, height: 720 }),
    ];
    expect(planOf(muxed, 'mp4-1080')).toMatchObject({ action: 'remux', audioCodec: 'copy' });
    expect(planOf(muxed, 'mp3-320')?.audio?.id).toBe('hls-720p');
  });

  it('a silent video gets video offers marked "no audio" and no audio offers', () => {
    const silent = src('v', { container: 'mp4', vcodec: 'h264', width: 640, height: 360 });
    const offers = buildOffers({ sources: [silent], duration: 30 });
    expect(offers.formats.map((f) => f.itag)).toEqual(['mp4-360', 'webm-360', 'mp4-messaging']);
    expect(offers.formats[0].format_note).toBe('360p · H.264 · no audio');
    expect(offers.plans.get('mp4-messaging')?.audio).toBeUndefined();
    expect(offers.plans.get('mp4-360')?.action).toBe('passthrough');
  });

  it('labels a portrait video by its short side and 60 fps in the note', () => {
    const portrait = { ...mp4File, width: 1080, height: 1920, fps: 60 };
    const offers = buildOffers({ sources: [portrait] });
    expect(offers.formats[0]).toMatchObject({ itag: 'mp4-1080', format_note: '1080p60 · H.264' });
  });

  it('keeps a padded 1088-line encode on the 1080p rung and a 240p video at 240p', () => {
    expect(itags([{ ...mp4File, width: 1920, height: 1088 }])[0]).toBe('mp4-1080');
    expect(itags([{ ...mp4File, width: 426, height: 240 }])[0]).toBe('mp4-240');
  });

  it('a video of unknown size gets one "original" mp4 offer', () => {
    const unknown = src('hls-0', { protocol: 'hls', container: 'ts', vcodec: 'unknown', acodec: 'unknown', tbr: 1000 });
    const offers = buildOffers({ sources: [unknown] });
    // Neither its size nor its codec is known: the note says so once, not "Video · Video".
    expect(offers.formats[0]).toMatchObject({ itag: 'mp4-src', quality: 'original', format_note: 'Video' });
    expect(offers.plans.get('mp4-src')?.action).toBe('remux');
  });

  it('prefers H.264 over HEVC at the same rung for the mp4 offer', () => {
    const both = [
      src('hevc', { protocol: 'dash', vcodec: 'hvc1.1.6.L120', width: 1920, height: 1080, tbr: 3000 }),
      src('avc', { protocol: 'dash', vcodec: 'avc1.640028', width: 1920, height: 1080, tbr: 5000 }),
      src('a', { protocol: 'dash', acodec: 'mp4a.40.2' }),
    ];
    expect(planOf(both, 'mp4-1080')?.video?.id).toBe('avc');
  });

  it('nothing playable → no offers at all', () => {
    expect(buildOffers({ sources: [] }).formats).toEqual([]);
  });

  it('every itag is unique and has a plan', () => {
    for (const sources of [[mp4File], hlsLadder, dash]) {
      const offers = buildOffers({ sources });
      const list = offers.formats.map((f) => f.itag);
      expect(new Set(list).size).toBe(list.length);
      expect(list.every((itag) => offers.plans.get(itag)?.itag === itag)).toBe(true);
    }
  });
});

describe('buildOffers — offers that are true', () => {
  const v = (id: string, width: number, height: number, over: Partial<SourceFormat> = {}) =>
    src(id, { protocol: 'hls', container: 'ts', vcodec: 'avc1.64001f', acodec: 'mp4a.40.2', width, height, ...over });

  it('labels each offer with the height the file will have, and hides no rendition behind a rung', () => {
    const offers = buildOffers({ sources: [v('a', 1280, 720), v('b', 1024, 576), v('c', 960, 540), v('d', 682, 384)] });
    expect(offers.formats.filter((f) => f.ext === 'mp4' && f.itag !== 'mp4-messaging').map((f) => f.quality)).toEqual(['720p', '576p', '540p', '384p']);
    expect(offers.plans.get('mp4-540')).toMatchObject({ height: 540 });
  });

  it('never offers an MP3 above a low-bitrate source, and offers it once', () => {
    const low = src('a', { protocol: 'hls', container: 'aac', acodec: 'mp4a.40.2', tbr: 62 });
    const offers = buildOffers({ sources: [low] });
    const mp3 = offers.formats.filter((f) => f.ext === 'mp3');
    expect(mp3).toHaveLength(1);
    expect(offers.plans.get(mp3[0].itag)?.audioBitrate).toBe(64);
    expect(offers.formats.every((f) => f.ext !== 'mp4' && f.ext !== 'webm')).toBe(true);
  });

  it('takes the default audio track, never a commentary ranked after it', () => {
    const video = v('v', 1280, 720, { acodec: null });
    const commentary = src('c', { protocol: 'hls', acodec: 'mp4a.40.2', tbr: 192, preference: -1, note: 'Commentary' });
    const main = src('m', { protocol: 'hls', acodec: 'mp4a.40.2', tbr: 96 });
    const offers = buildOffers({ sources: [video, commentary, main] });
    expect(offers.plans.get('mp4-720')?.audio?.id).toBe('m');
    expect(offers.plans.get('m4a')?.audio?.id).toBe('m');
  });

  it('takes the sound muxed in the video over an alternate track when the default is muxed', () => {
    const video = v('v', 1280, 720);
    const commentary = src('c', { protocol: 'hls', acodec: 'mp4a.40.2', preference: -1 });
    const offers = buildOffers({ sources: [video, commentary] });
    expect(offers.plans.get('mp4-720')?.audio?.id).toBe('v');
    expect(offers.plans.get('m4a')?.audio?.id).toBe('v');
  });
});
