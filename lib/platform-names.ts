/**
 * The named platforms' display names in the order the UI shows them, and nothing else: what the analyse bar's hint
 * lists on every page with the bar (`platform-labels.ts` adds the lookups and colours other screens need).
 */
export const PLATFORM_NAMES = ['YouTube', 'TikTok', 'Instagram', 'Facebook', 'Twitter/X'] as const;
