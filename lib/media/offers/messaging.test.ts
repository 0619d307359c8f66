import { describe, expect, it } from 'vitest';
import type { SourceFormat } from '@/lib/media/types';
import { buildOffers } from './build-offers';
import { messagingTarget, MESSAGING_LIMIT_BYTES } from './messaging';

const hls = (height: number): SourceFormat => ({
  id: `hls-${height}`, protocol: 'hls', url: `https://cdn.example/${height}.m3u8`, container: 'ts',
  vcodec: 'avc1.640028', acodec: 'mp4a.40.2', width: Math.round((height * 16) / 9), height, engine: 'native',
});

describe('the messaging offer', () => {
  it('is made from the 720p rendition of a ladder, encoded to H.264 + AAC, never the default', () => {
    const offers = buildOffers({ sources: [hls(1080), hls(720), hls(360)], duration: 60 });
    const plan = offers.plans.get('mp4-messaging')!;
    expect(plan).toMatchObject({ container: 'mp4', videoCodec: 'h264', audioCodec: 'aac', action: 'transcode-video', height: 720, messaging: true });
    expect(plan.video?.id).toBe('hls-720');
    expect(offers.formats[0].itag).not.toBe('mp4-messaging');
    expect(offers.formats.find((f) => f.itag === 'mp4-messaging')?.format_note).toBe('720p · H.264 · for messaging (≤ 16 MB)');
  });

  it('from a 1080p-only source it scales down to 720p; from a 360p one it keeps 360p', () => {
    expect(buildOffers({ sources: [hls(1080)], duration: 60 }).plans.get('mp4-messaging')?.height).toBe(720);
    expect(buildOffers({ sources: [hls(360)], duration: 60 }).plans.get('mp4-messaging')?.height).toBe(360);
  });

  it('sizes the picture so picture + sound fit 16 MB, and says so when the media is too long', () => {
    for (const seconds of [30, 60, 120, 170]) {
      const target = messagingTarget(seconds);
      const bytes = ((target.videoKbps + target.audioKbps) * 1000 * seconds) / 8;
      expect(bytes, `${seconds} s`).toBeLessThanOrEqual(MESSAGING_LIMIT_BYTES * 0.95);
      expect(target.fits).toBe(true);
    }
    // Past ~5 minutes even 480p at the floor rate does not fit: no messaging file is offered.
    const long = messagingTarget(600);
    expect(long).toMatchObject({ fits: false, height: 480 });
    expect(buildOffers({ sources: [hls(720)], duration: 600 }).plans.has('mp4-messaging')).toBe(false);
    expect(buildOffers({ sources: [hls(720)] }).plans.has('mp4-messaging')).toBe(false);
  });

  it('is offered only when its estimate is smaller than the file it is made from', () => {
    const estimate = (messagingTarget(60).videoKbps + messagingTarget(60).audioKbps) * 1000 * 60 / 8;
    const sized = (bytes: number): SourceFormat => ({ ...hls(720), filesize: bytes });
    expect(buildOffers({ sources: [sized(estimate * 2)], duration: 60 }).plans.has('mp4-messaging')).toBe(true);
    expect(buildOffers({ sources: [sized(estimate)], duration: 60 }).plans.has('mp4-messaging')).toBe(false);
    // The 3.7 MB vs 2.3 MB case: a small original gets no larger "for messaging" copy.
    expect(buildOffers({ sources: [sized(2_300_000)], duration: 60 }).plans.has('mp4-messaging')).toBe(false);
  });
});
