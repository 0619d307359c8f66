import type { DownloadDefaults } from '@/lib/client/match-default-format';
import type { BulkRequest } from '@/lib/bulk/schemas';
import type { SettingsFormat, SettingsQuality } from '@/lib/settings/schemas';

type BulkChoice = Pick<BulkRequest, 'quality' | 'format'>;

/** Bulk's defaults (1080p, mp4), for a saved value the table below does not know. */
const SPEC_CHOICE: BulkChoice = { quality: '1080p', format: 'mp4' };

// Settings offer more than bulk does (up to 2160p, WAV): a higher quality becomes bulk's highest, WAV the other
// audio format. Keyed by the settings' options, so a new one cannot go unmapped.
const QUALITY_FOR: Record<SettingsQuality, BulkChoice['quality']> = {
  '360p': '360p', '720p': '720p', '1080p': '1080p', '1440p': '1080p', '2160p': '1080p',
};
const FORMAT_FOR: Record<SettingsFormat, BulkChoice['format']> = { mp4: 'mp4', webm: 'webm', mp3: 'mp3', wav: 'mp3' };

/** The bulk selects' starting values for the user's download defaults. */
export function bulkChoiceFor(defaults: Pick<DownloadDefaults, 'defaultQuality' | 'defaultFormat'>): BulkChoice {
  const quality: BulkChoice['quality'] | undefined = QUALITY_FOR[defaults.defaultQuality];
  const format: BulkChoice['format'] | undefined = FORMAT_FOR[defaults.defaultFormat];
  return { quality: quality ?? SPEC_CHOICE.quality, format: format ?? SPEC_CHOICE.format };
}
