'use client';

import { useTranslations } from 'next-intl';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LOUDNESS_CHOICES, TARGET_LUFS, type LoudnessChoice } from '@/lib/media/loudness/targets';
import { SettingsSelect } from './settings-select';
import {
  FORMAT_OPTIONS,
  QUALITY_OPTIONS,
  RETENTION_OPTIONS,
  type SettingsPatch,
  type UserSettings,
} from './settings-types';
import { SettingsToggle } from './settings-toggle';

/** Default quality, format, loudness, auto-download, history retention and tags in files; each choice is reported at once. */
export function DownloadPreferences({
  settings,
  disabled,
  onChange,
}: {
  settings: UserSettings;
  disabled?: boolean;
  onChange: (patch: SettingsPatch) => void;
}) {
  const t = useTranslations('Settings');
  const loudness = useTranslations('Loudness');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('preferences.title')}</CardTitle>
        <CardDescription>{t('preferences.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2">
        <SettingsSelect
          id="settings-quality"
          label={t('preferences.quality')}
          value={settings.defaultQuality}
          options={QUALITY_OPTIONS.map((value) => ({ value, label: value === '2160p' ? '2160p (4K)' : value }))}
          onChange={(value) => onChange({ defaultQuality: value as UserSettings['defaultQuality'] })}
          disabled={disabled}
        />
        <SettingsSelect
          id="settings-format"
          label={t('preferences.format')}
          value={settings.defaultFormat}
          options={FORMAT_OPTIONS.map((value) => ({ value, label: value.toUpperCase() }))}
          onChange={(value) => onChange({ defaultFormat: value as UserSettings['defaultFormat'] })}
          disabled={disabled}
        />
        <SettingsSelect
          id="settings-retention"
          label={t('preferences.retention')}
          hint={t('preferences.retentionHint')}
          value={String(settings.historyRetention)}
          options={RETENTION_OPTIONS.map((days) => ({
            value: String(days),
            label: days === -1 ? t('preferences.retentionNever') : t('preferences.retentionDays', { days }),
          }))}
          onChange={(value) => onChange({ historyRetention: Number(value) as UserSettings['historyRetention'] })}
          disabled={disabled}
        />
        <SettingsSelect
          id="settings-loudness"
          label={loudness('label')}
          hint={loudness('hint')}
          value={settings.loudness}
          // The figure is isolated left-to-right (U+2066…U+2069) so it reads the same in right-to-left text.
          options={LOUDNESS_CHOICES.map((value) => ({ value, label: value === 'off' ? loudness('off') : `${loudness(value)} · \u2066\u2212${-TARGET_LUFS[value]} LUFS\u2069` }))}
          onChange={(value) => onChange({ loudness: value as LoudnessChoice })}
          disabled={disabled}
        />
        <SettingsToggle
          id="settings-auto"
          label={t('preferences.autoDownload')}
          hint={t('preferences.autoDownloadHint')}
          checked={settings.autoDownload}
          onChange={(autoDownload) => onChange({ autoDownload })}
          disabled={disabled}
          testId="settings-auto-download"
        />
        <SettingsToggle
          id="settings-metadata"
          label={t('preferences.embedMetadata')}
          hint={t('preferences.embedMetadataHint')}
          checked={settings.embedMetadata}
          onChange={(embedMetadata) => onChange({ embedMetadata })}
          disabled={disabled}
          testId="settings-embed-metadata"
        />
      </CardContent>
    </Card>
  );
}
