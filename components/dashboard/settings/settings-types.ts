import type { LoudnessChoice } from '@/lib/media/loudness/targets';

/** The options each user setting offers, and the settings themselves. */
export const QUALITY_OPTIONS = ['360p', '720p', '1080p', '1440p', '2160p'] as const;
export const FORMAT_OPTIONS = ['mp4', 'webm', 'mp3', 'wav'] as const;
/** Days; -1 keeps history forever. */
export const RETENTION_OPTIONS = [7, 30, 90, 365, -1] as const;

export interface ApiUsage {
  requestsToday: number;
  requestsThisMonth: number;
  dailyLimit: number;
  monthlyLimit: number;
}

export interface UserSettings {
  defaultQuality: (typeof QUALITY_OPTIONS)[number];
  defaultFormat: (typeof FORMAT_OPTIONS)[number];
  autoDownload: boolean;
  historyRetention: (typeof RETENTION_OPTIONS)[number];
  /** title, uploader, date, source (and an audio file's cover) written into downloaded files */
  embedMetadata: boolean;
  /** the loudness downloads' sound is normalised to ('off': as the source has it) */
  loudness: LoudnessChoice;
  /** empty until one is issued; the full value is shown only right after (re)generation */
  apiToken: string;
  apiUsage: ApiUsage;
}

/** The preferences a user can change; each change is saved at once, on selection. */
export type SettingsPatch = Partial<Pick<UserSettings, 'defaultQuality' | 'defaultFormat' | 'autoDownload' | 'historyRetention' | 'embedMetadata' | 'loudness'>>;

/** What a new account starts with, API limits included. */
export const DEFAULT_SETTINGS: UserSettings = {
  defaultQuality: '1080p',
  defaultFormat: 'mp4',
  autoDownload: false,
  historyRetention: 30,
  embedMetadata: true,
  loudness: 'off',
  apiToken: '',
  apiUsage: { requestsToday: 0, requestsThisMonth: 0, dailyLimit: 100, monthlyLimit: 1000 },
};
