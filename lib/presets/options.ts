// A preset's choices and what a batch makes of one, zod-free so the browser's code can read them without the
// validator; the schemas (schemas.ts) are built on the same values.
import { BULK_FORMATS, BULK_QUALITIES, type BulkFormat, type BulkQuality } from '@/lib/bulk/options';
import type { SettingsQuality } from '@/lib/settings/schemas';
import type { SponsorCategory, SponsorChoice } from '@/lib/media/sponsorblock/categories';

/** The settings' video qualities, highest first, after "best" (no height cap). */
export const PRESET_QUALITIES = ['best', '2160p', '1440p', '1080p', '720p', '360p'] as const satisfies ReadonlyArray<'best' | SettingsQuality>;
export type PresetQuality = (typeof PRESET_QUALITIES)[number];
/** The two MP3 offers a {quality, format} download picks between (its quality then says 320k or 128k). */
export const MP3_BITRATES = ['320k', '128k'] as const;
/** A user keeps at most this many presets. */
export const MAX_PRESETS = 50;

/** A batch's quality and format. */
export interface BulkChoice {
  quality: BulkQuality;
  format: BulkFormat;
}

/** The nearest of bulk's qualities at or below the preset's (bulk's highest for "best" and anything above it). */
function bulkQuality(quality: PresetQuality): BulkQuality {
  const height = quality === 'best' ? Infinity : Number.parseInt(quality, 10);
  const fitting = BULK_QUALITIES.filter((candidate) => Number.parseInt(candidate, 10) <= height);
  return fitting[fitting.length - 1] ?? BULK_QUALITIES[0];
}

/** What a batch makes of a preset: its format when a batch makes it (MP4, WebM, MP3 at 320 kbit/s), else null. */
export function bulkChoiceOf(preset: { quality: PresetQuality; format: string }, format: string = preset.format): BulkChoice | null {
  const made = BULK_FORMATS.find((candidate) => candidate === format);
  return made ? { format: made, quality: bulkQuality(preset.quality) } : null;
}

/**
 * A preset's SponsorBlock choice: its lists, a list it leaves unsaid being the user's own (`settings`); undefined
 * when it says neither (the user's setting applies).
 */
export function presetSponsorChoice(
  preset: { sponsorMark?: SponsorCategory[] | null; sponsorRemove?: SponsorCategory[] | null },
  settings: SponsorChoice,
): SponsorChoice | undefined {
  if (!preset.sponsorMark && !preset.sponsorRemove) return undefined;
  return { mark: preset.sponsorMark ?? settings.mark, remove: preset.sponsorRemove ?? settings.remove };
}
