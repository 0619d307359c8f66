import { describe, expect, it } from 'vitest';
import type { DownloadDefaults } from '@/lib/client/match-default-format';
import { bulkChoiceFor } from './bulk-defaults';

const choice = (defaultQuality: string, defaultFormat: string) =>
  bulkChoiceFor({ defaultQuality, defaultFormat } as Pick<DownloadDefaults, 'defaultQuality' | 'defaultFormat'>);

describe('bulkChoiceFor', () => {
  it('keeps the saved quality and format when bulk offers them', () => {
    expect(choice('720p', 'webm')).toEqual({ quality: '720p', format: 'webm' });
    expect(choice('360p', 'mp3')).toEqual({ quality: '360p', format: 'mp3' });
  });

  it('takes bulk’s highest quality for 1440p and 2160p, and MP3 for WAV', () => {
    expect(choice('1440p', 'mp4')).toEqual({ quality: '1080p', format: 'mp4' });
    expect(choice('2160p', 'wav')).toEqual({ quality: '1080p', format: 'mp3' });
  });

  it('falls back to 1080p/mp4 for a value it does not know', () => {
    expect(choice('8k', 'mkv')).toEqual({ quality: '1080p', format: 'mp4' });
  });
});
