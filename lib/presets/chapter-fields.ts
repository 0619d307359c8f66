import type { PresetOptions } from './schemas';

/** A download request's chapter fields for a preset: its split (exact when it says so) and its SponsorBlock lists. */
export function chapterFieldsOf(preset: PresetOptions): Record<string, unknown> {
  return {
    ...(preset.split && preset.split !== 'off' ? { split: true, ...(preset.split === 'exact' ? { exact: true } : {}) } : {}),
    ...(preset.sponsorMark ? { sponsorMark: preset.sponsorMark } : {}),
    ...(preset.sponsorRemove ? { sponsorRemove: preset.sponsorRemove } : {}),
  };
}
