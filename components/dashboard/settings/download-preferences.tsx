'use client';

import { useTranslations } from 'next-intl';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SettingSelect } from './setting-select';
import {
  FORMAT_OPTIONS,
  QUALITY_OPTIONS,
  RETENTION_OPTIONS,
  type SettingsPatch,
  type UserSettings,
} from './settings-types';
import { ToggleSwitch } from './toggle-switch';

/** Default quality, format, auto-download, history retention and tags in files; each choice is reported at once. */
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
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('preferences.title')}</CardTitle>
        <CardDescription>{t('preferences.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2">
        <SettingSelect
          id="settings-quality"
          label={t('preferences.quality')}
          value={settings.defaultQuality}
          options={QUALITY_OPTIONS.map((value) => ({ value, label: value === '2160p' ? '2160p (4K)' : value }))}
          onChange={(value) => onChange({ defaultQuality: value as UserSettings['defaultQuality'] })}
          disabled={disabled}
        />
        <SettingSelect
          id="settings-format"
          label={t('preferences.format')}
          value={settings.defaultFormat}
          options={FORMAT_OPTIONS.map((value) => ({ value, label: value.toUpperCase() }))}
          onChange={(value) => onChange({ defaultFormat: value as UserSettings['defaultFormat'] })}
          disabled={disabled}
        />
        <SettingSelect
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
        <div className="flex items-start justify-between gap-4 rounded-lg border p-4 sm:col-span-2">
          <div className="space-y-1">
            <p id="settings-auto-label" className="text-sm font-medium">
              {t('preferences.autoDownload')}
            </p>
            <p id="settings-auto-hint" className="text-xs text-muted-foreground">
              {t('preferences.autoDownloadHint')}
            </p>
          </div>
          <ToggleSwitch
            checked={settings.autoDownload}
            onCheckedChange={(autoDownload) => onChange({ autoDownload })}
            disabled={disabled}
            aria-labelledby="settings-auto-label"
            aria-describedby="settings-auto-hint"
            data-testid="settings-auto-download"
          />
        </div>
        <div className="flex items-start justify-between gap-4 rounded-lg border p-4 sm:col-span-2">
          <div className="space-y-1">
            <p id="settings-metadata-label" className="text-sm font-medium">
              {t('preferences.embedMetadata')}
            </p>
            <p id="settings-metadata-hint" className="text-xs text-muted-foreground">
              {t('preferences.embedMetadataHint')}
            </p>
          </div>
          <ToggleSwitch
            checked={settings.embedMetadata}
            onCheckedChange={(embedMetadata) => onChange({ embedMetadata })}
            disabled={disabled}
            aria-labelledby="settings-metadata-label"
            aria-describedby="settings-metadata-hint"
            data-testid="settings-embed-metadata"
          />
        </div>
      </CardContent>
    </Card>
  );
}
