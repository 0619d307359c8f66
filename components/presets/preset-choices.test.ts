import { describe, expect, it } from 'vitest';
import type { Format } from '@/lib/media/types';
import { formatIndexForPreset, subsForPreset } from './preset-choices';

const f = (itag: string, ext: string, quality: string): Format => ({ itag, ext, quality } as Format);
// As the offers list them: videos by height, the messaging file, then the audio files.
const FORMATS = [
  f('mp4-1080', 'mp4', '1080p'), f('mp4-720', 'mp4', '720p'), f('mp4-messaging', 'mp4', '720p'), f('mp4-360', 'mp4', '360p'),
  f('webm-720', 'webm', '720p'), f('mp3-320', 'mp3', '320kbps'), f('mp3-128', 'mp3', '128kbps'), f('m4a', 'm4a', '192kbps'),
];
const pick = (quality: string, format: string, audioBitrate = '320k') =>
  formatIndexForPreset(FORMATS, { quality, format, audioBitrate } as Parameters<typeof formatIndexForPreset>[1]);

describe('the result card’s format for a preset', () => {
  it('a video at its height, the nearest below, or the highest for "best" (never the messaging file)', () => {
    expect(FORMATS[pick('best', 'mp4')!].itag).toBe('mp4-1080');
    expect(FORMATS[pick('720p', 'mp4')!].itag).toBe('mp4-720');
    expect(FORMATS[pick('1440p', 'webm')!].itag).toBe('webm-720');
    expect(FORMATS[pick('360p', 'mp4')!].itag).toBe('mp4-360');
  });

  it('an MP3 at its bitrate; another audio container as listed; nothing in the container keeps the card’s choice', () => {
    expect(FORMATS[pick('best', 'mp3')!].itag).toBe('mp3-320');
    expect(FORMATS[pick('best', 'mp3', '128k')!].itag).toBe('mp3-128');
    expect(FORMATS[pick('best', 'm4a')!].itag).toBe('m4a');
    expect(pick('best', 'opus')).toBeNull();
    expect(formatIndexForPreset([f('mp3', 'mp3', '160kbps')], { quality: 'best', format: 'mp3', audioBitrate: '128k' })).toBe(0);
  });

  it('muxes the preset’s subtitle language when the media has it, by base language too', () => {
    expect(subsForPreset({ subs: 'en' }, ['fr', 'en-US'])).toBe('en-US');
    expect(subsForPreset({ subs: 'pt-BR' }, ['pt-BR', 'pt'])).toBe('pt-BR');
    expect(subsForPreset({ subs: 'de' }, ['fr'])).toBeNull();
    expect(subsForPreset({ subs: null }, ['fr'])).toBeNull();
  });
});
