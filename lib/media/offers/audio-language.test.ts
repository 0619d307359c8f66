import { describe, expect, it } from 'vitest';
import type { SourceFormat } from '@/lib/media/types';
import { planForLanguages, trackForLanguages, userLanguages } from './audio-language';
import type { OfferPlan } from './types';

const track = (id: string, language: string, extra: Partial<SourceFormat> = {}): SourceFormat =>
  ({ id, protocol: 'hls', url: `https://x/${id}.m3u8`, vcodec: null, acodec: 'mp4a.40.2', engine: 'native', audioGroup: 'aud', language, ...extra });

describe("the audio track by the user's language", () => {
  it('reads Accept-Language by q, drops * and q=0', () => {
    expect(userLanguages('fr-CA,fr;q=0.9,en;q=0.8,*;q=0.1,de;q=0')).toEqual(['fr-ca', 'fr', 'en']);
    expect(userLanguages('en;q=0.5, ar')).toEqual(['ar', 'en']);
    expect(userLanguages(undefined)).toEqual([]);
  });

  it('exact tag, then primary language; DEFAULT before AUTOSELECT before the rest', () => {
    const en = track('en', 'en');
    const frDub = track('fr-dub', 'fr', { preference: -1 });
    const frAuto = track('fr-auto', 'fr-CA', { preference: -1, autoselect: true });
    expect(trackForLanguages([en, frDub, frAuto], ['fr-ca'])).toBe(frAuto);
    // "fr" is exactly the dub's tag: the exact tag wins over the AUTOSELECT fr-CA track.
    expect(trackForLanguages([en, frDub, frAuto], ['fr'])).toBe(frDub);
    expect(trackForLanguages([en, frDub, frAuto], ['fr-be'])).toBe(frAuto);
    expect(trackForLanguages([en, frDub], ['ar', 'fr'])).toBe(frDub);
    expect(trackForLanguages([en, frDub], ['ar'])).toBeUndefined();
  });

  it('keeps the group whole: a muxed default stays unless another track of its group speaks the language', () => {
    const video: SourceFormat = { ...track('v', 'en'), vcodec: 'avc1', acodec: 'mp4a.40.2' };
    const fr = track('fr', 'fr', { preference: -1 });
    const other = track('de', 'de', { audioGroup: 'other' });
    const plan: OfferPlan = { itag: 'mp4-180', ext: 'mp4', kind: 'video', video, audio: video, action: 'remux', container: 'mp4', videoCodec: 'copy', audioCodec: 'copy' };
    expect(planForLanguages(plan, [video, fr, other], ['fr'])).toMatchObject({ audio: fr, action: 'merge' });
    expect(planForLanguages(plan, [video, fr, other], ['de'])).toBe(plan);
    expect(planForLanguages(plan, [video, fr, other], ['en'])).toBe(plan);
  });
});
