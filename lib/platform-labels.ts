/**
 * The named platforms' display names and brand colours, in the order the UI shows them, for the browser's code:
 * the engine's platform table (`lib/media/platforms`) carries the same alongside its URL recognisers, which would
 * add about 4 KB gzipped to every page that names a platform. `platform-labels.test.ts` keeps the two equal. The
 * colours are a table of their own, so a page that only names the platforms does not carry them.
 */
export const PLATFORM_LABELS = [
  { platform: 'youtube', label: 'YouTube' },
  { platform: 'tiktok', label: 'TikTok' },
  { platform: 'instagram', label: 'Instagram' },
  { platform: 'facebook', label: 'Facebook' },
  { platform: 'twitter', label: 'Twitter/X' },
] as const;

export const PLATFORM_COLORS: Readonly<Record<string, string>> = {
  youtube: '#FF0000',
  tiktok: '#FE2C55',
  instagram: '#E4405F',
  facebook: '#1877F2',
  twitter: '#000000',
};

/** The colour of any other site's media. */
export const GENERIC_COLOR = '#64748B';

/** A named platform's display name by its id; undefined for anything else (generic, a value from elsewhere). */
export function platformLabel(platform: string): string | undefined {
  return PLATFORM_LABELS.find((entry) => entry.platform === platform)?.label;
}

/** A platform's brand colour by its id; any other site's colour for anything else. */
export function platformColor(platform: string): string {
  return Object.hasOwn(PLATFORM_COLORS, platform) ? PLATFORM_COLORS[platform] : GENERIC_COLOR;
}
