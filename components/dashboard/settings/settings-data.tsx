'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { apiGet, apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { notifyError, notifySuccess } from '@/lib/client/notify';
import { saveFile } from '@/lib/client/save-file';
import { useClearHistory } from '@/lib/client/use-clear-history';
import type { UserSettings } from '@/lib/settings/schemas';
import { DEFAULT_SETTINGS, type SettingsPatch, type UserSettings as ViewSettings } from './settings-types';
import type { SettingsTab } from './settings-tab';
import { SettingsView } from './settings-view';

const SETTINGS = '/api/settings';

/** The settings page's data: SWR on /api/settings, each choice saved with PATCH, export, clear. */
export function SettingsData({ initialTab, sections }: { initialTab?: SettingsTab; sections?: Partial<Record<SettingsTab, ReactNode>> }) {
  const t = useTranslations('DashboardData');
  const describe = useErrorText('settings');
  const { data, error, mutate } = useSWR<UserSettings>(SETTINGS, apiGet);
  const [saving, setSaving] = useState(false);
  const clearHistory = useClearHistory();

  useEffect(() => {
    if (error) notifyError(t('error'), describe(error, t('settingsLoadFailed')), error);
  }, [error, t, describe]);

  async function save(patch: SettingsPatch) {
    setSaving(true);
    try {
      await mutate(await apiRequest<UserSettings>(SETTINGS, { method: 'PATCH', body: patch }), { revalidate: false });
      notifySuccess(t('success'), t('settingsSaved'));
    } catch (cause) {
      notifyError(t('error'), describe(cause, t('settingsSaveFailed')), cause);
      await mutate();
    } finally {
      setSaving(false);
    }
  }

  const settings: ViewSettings | undefined = data;
  return (
    <SettingsView
      loading={!data && !error}
      initialTab={initialTab}
      sections={sections}
      settings={settings ?? DEFAULT_SETTINGS}
      saving={saving}
      onChange={(patch) => void save(patch)}
      // Export Data: the server answers an attachment with its own name, so a plain link saves it in place.
      onExport={() => saveFile('/api/history/export', '')}
      onClearHistory={() => void clearHistory()}
    />
  );
}
