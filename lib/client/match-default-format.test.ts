import { describe, expect, it } from 'vitest';
import type { Format } from '@/lib/media/types';
import { matchDefaultFormat } from './match-default-format';

const f = (itag: string, ext: string, quality: string): Format => ({ itag, ext, quality });
const formats = [
  f('mp4-720', 'mp4', '720p'),
  f('mp4-1080', 'mp4', '1080p'),
  f('mp4-360', 'mp4', '360p'),
  f('webm-720', 'webm', '720p'),
  f('mp3-320', 'mp3', '320kbps'),
  f('mp3-128', 'mp3', '128kbps'),
];

describe('matchDefaultFormat', () => {
  it('takes the container at the quality asked for', () => {
    expect(matchDefaultFormat(formats, { defaultQuality: '1080p', defaultFormat: 'mp4' })).toBe(1);
    expect(matchDefaultFormat(formats, { defaultQuality: '720p', defaultFormat: 'webm' })).toBe(3);
  });

  it('falls to the nearest lower quality, or the lowest above when everything is higher', () => {
    expect(matchDefaultFormat(formats, { defaultQuality: '2160p', defaultFormat: 'mp4' })).toBe(1);
    expect(matchDefaultFormat(formats, { defaultQuality: '1440p', defaultFormat: 'webm' })).toBe(3);
    expect(matchDefaultFormat([f('a', 'mp4', '720p'), f('b', 'mp4', '1080p')], { defaultQuality: '360p', defaultFormat: 'mp4' })).toBe(0);
  });

  it('an audio default takes the first of its kind; a missing container matches nothing', () => {
    expect(matchDefaultFormat(formats, { defaultQuality: '1080p', defaultFormat: 'mp3' })).toBe(4);
    expect(matchDefaultFormat(formats, { defaultQuality: '1080p', defaultFormat: 'wav' })).toBeNull();
  });

  it('never takes the messaging file for a default, even at the height asked', () => {
    const fullHd = [f('mp4-1080', 'mp4', '1080p'), f('mp4-messaging', 'mp4', '720p')];
    expect(matchDefaultFormat(fullHd, { defaultQuality: '720p', defaultFormat: 'mp4' })).toBe(0);
  });
});
