// The settings' choices, zod-free so the browser's code can read them without the validator (lib/settings/schemas.ts
// builds its shapes on them).
export const SETTINGS_QUALITIES = ['360p', '720p', '1080p', '1440p', '2160p'] as const;
export const SETTINGS_FORMATS = ['mp4', 'webm', 'mp3', 'wav'] as const;
/** Days; -1 keeps history forever. */
export const HISTORY_RETENTIONS = [7, 30, 90, 365, -1] as const;

export type SettingsQuality = (typeof SETTINGS_QUALITIES)[number];
export type SettingsFormat = (typeof SETTINGS_FORMATS)[number];
export type HistoryRetention = (typeof HISTORY_RETENTIONS)[number];
