/** The settings page's tabs, as `?tab=` names them; the first is the one shown without `?tab=`. */
export const SETTINGS_TABS = ['preferences', 'library', 'api', 'privacy'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The tab a `?tab=` value names; anything else is the first tab. */
export function settingsTab(value: unknown): SettingsTab {
  return SETTINGS_TABS.find((tab) => tab === value) ?? 'preferences';
}
