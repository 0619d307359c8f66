import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import type { OfferPlan } from '@/lib/media/offers';
import type { MediaInfo } from '@/lib/media/types';
import { pickBulkPlan } from './bulk-pick';

const video = (itag: string, height: number): OfferPlan =>
  ({ itag, ext: 'mp4', kind: 'video', action: 'merge', container: 'mp4', height }) as OfferPlan;
const audio = (itag: string, ext: string): OfferPlan =>
  ({ itag, ext, kind: 'audio', action: 'transcode-audio', container: ext }) as OfferPlan;
const analyzed = (plans: OfferPlan[]) =>
  ({ info: { id: 'm1' } as MediaInfo, plans: new Map(plans.map((plan) => [plan.itag, plan])), extraction: {} }) as unknown as AnalyzedMedia;

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
