import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import type { OfferPlan } from '@/lib/media/offers';
import type { MediaInfo } from '@/lib/media/types';
import { downloadJobRequestSchema } from './download-job-schemas';
import { pickBulkPlan, pickOffer } from './pick-offer';

const video = (itag: string, height: number, container: 'mp4' | 'webm' = 'mp4'): OfferPlan =>
  ({ itag, ext: container, kind: 'video', action: 'merge', container, height }) as OfferPlan;
const audio = (itag: string, ext: string): OfferPlan =>
  ({ itag, ext, kind: 'audio', action: 'transcode-audio', container: ext }) as OfferPlan;

function analyzed(plans: OfferPlan[], items: { id: string }[] = []): AnalyzedMedia {
  const info = { id: 'm1', items: items.length ? items : undefined } as unknown as MediaInfo;
  return { info, plans: new Map(plans.map((plan) => [plan.itag, plan])), extraction: {} } as unknown as AnalyzedMedia;
}

const media = analyzed([video('mp4-1080', 1080), video('mp4-720', 720), video('webm-720', 720, 'webm'), audio('mp3-320', 'mp3')]);

describe('pickOffer', () => {
  it('by quality and format: the wanted height or the nearest below', () => {
    expect(pickOffer(media, '1080p', 'mp4').itag).toBe('mp4-1080');
    expect(pickOffer(media, '900p', 'mp4').itag).toBe('mp4-720');
  });

  it('the messaging file only by name: a height never picks it over the file at that height', () => {
    const onlyFullHd = analyzed([video('mp4-1080', 1080), { ...video('mp4-messaging', 720), messaging: true }]);
    expect(pickOffer(onlyFullHd, '720p', 'mp4').itag).toBe('mp4-1080');
    expect(pickOffer(onlyFullHd, 'messaging', 'mp4').itag).toBe('mp4-messaging');
    // Without one (a media with no video), "messaging" is just a quality no rung matches.
    expect(pickOffer(media, 'messaging', 'mp4').itag).toBe('mp4-1080');
  });

  it('an exact itag wins over quality and format, so the format the visitor chose is the one prepared', () => {
    expect(pickOffer(media, '1080p', 'mp4', { itag: 'webm-720' }).itag).toBe('webm-720');
    expect(pickOffer(media, '1080p', 'mp4', { itag: 'mp3-320' }).itag).toBe('mp3-320');
  });

  it('refuses an itag the analysis did not offer', () => {
    expect(() => pickOffer(media, '1080p', 'mp4', { itag: 'mp4-4320' })).toThrow('This format is not offered for this media');
  });

  it("finds an item's format by its prefixed itag, or by a bare itag with the item's id", () => {
    const post = analyzed([video('mp4-720', 720), video('i0-mp4-720', 720), video('i2-mp4-360', 360)], [{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(pickOffer(post, '1080p', 'mp4', { itag: 'i2-mp4-360' }).itag).toBe('i2-mp4-360');
    expect(pickOffer(post, '1080p', 'mp4', { itag: 'mp4-360', item: 'c' }).itag).toBe('i2-mp4-360');
    expect(pickOffer(post, '1080p', 'mp4', { itag: 'i2-mp4-360', item: 'c' }).itag).toBe('i2-mp4-360');
    expect(() => pickOffer(post, '1080p', 'mp4', { itag: 'mp4-360', item: 'z' })).toThrow('This post has no such item');
  });
});

describe('downloadJobRequestSchema', () => {
  it('keeps {url, quality, format} as it was and takes an optional exact itag and item', () => {
    expect(downloadJobRequestSchema.parse({ url: ' https://x.test/v ' })).toEqual({ url: 'https://x.test/v', quality: '1080p', format: 'mp4' });
    expect(downloadJobRequestSchema.parse({ url: 'u', itag: 'webm-720', item: 'c' })).toMatchObject({ itag: 'webm-720', item: 'c' });
    expect(downloadJobRequestSchema.safeParse({ url: 'u', itag: '' }).success).toBe(false);
  });
});

describe('pickBulkPlan', () => {
  it('picks the batch’s choice as a download job would', () => {
    expect(pickBulkPlan(analyzed([video('mp4-720', 720), audio('mp3-320', 'mp3')]), { quality: '1080p', format: 'mp4' }).itag).toBe('mp4-720');
  });

  it('gives an audio-only link its audio when the batch asked for video', () => {
    expect(pickBulkPlan(analyzed([audio('mp3-320', 'mp3'), audio('m4a', 'm4a')]), { quality: '1080p', format: 'mp4' }).itag).toBe('m4a');
    expect(pickBulkPlan(analyzed([audio('mp3-128', 'mp3'), audio('mp3-320', 'mp3')]), { quality: '720p', format: 'mp4' }).itag).toBe('mp3-320');
  });

  it('still fails a link with video but not in the wanted container, and one with nothing to offer', () => {
    const webmOnly = analyzed([{ ...video('webm-720', 720), container: 'webm', ext: 'webm' } as OfferPlan]);
    expect(() => pickBulkPlan(webmOnly, { quality: '720p', format: 'mp4' })).toThrow(AppError);
    expect(() => pickBulkPlan(analyzed([]), { quality: '720p', format: 'mp4' })).toThrow(AppError);
  });
});
