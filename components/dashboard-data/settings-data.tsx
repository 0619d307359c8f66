'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { DEFAULT_SETTINGS, type SettingsPatch, type UserSettings as ViewSettings } from '@/components/dashboard/settings/settings-types';
import { SettingsView } from '@/components/dashboard/settings/settings-view';
import { apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { saveFile } from '@/lib/client/save-file';
import type { UserSettings } from '@/lib/settings/schemas';
import { fetchData } from './fetcher';
import { notifyError, notifySuccess } from './notify';
import { useClearHistory } from './use-clear-history';

const SETTINGS = '/api/settings';

/** The settings page's data: SWR on /api/settings, each choice saved with PATCH, token regeneration, export, clear. */
export function SettingsData() {
  const t = useTranslations('DashboardData');
  const describe = useErrorText('settings');
  const { data, error, mutate } = useSWR<UserSettings>(SETTINGS, fetchData);
  const [saving, setSaving] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  // The full token exists only in this tab, right after it was issued (an API token is shown only once).
  const [freshToken, setFreshToken] = useState<string | null>(null);
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

  async function regenerate() {
    setRegenerating(true);
    try {
      const { token } = await apiRequest<{ token: string }>('/api/settings/token', { method: 'POST' });
      setFreshToken(token);
      await mutate();
      notifySuccess(t('success'), t('tokenGenerated'));
    } catch (cause) {
      notifyError(t('error'), describe(cause, t('tokenFailed')), cause);
    } finally {
      setRegenerating(false);
    }
  }

  async function copy(token: string) {
    try {
      if (!freshToken || token !== freshToken) throw new Error('only the prefix is known');
      await navigator.clipboard.writeText(token);
      notifySuccess(t('success'), t('tokenCopied'));
    } catch (cause) {
      notifyError(t('error'), freshToken ? t('copyFailed') : t('copyPrefixOnly'), cause);
    }
  }

  const settings: ViewSettings | undefined = data && { ...data, apiToken: freshToken ?? data.apiToken };
  return (
    <div aria-busy={!data && !error} className={data ? undefined : 'pointer-events-none opacity-60'}>
      <SettingsView
        settings={settings ?? DEFAULT_SETTINGS}
        saving={saving}
        regenerating={regenerating}
        onChange={(patch) => void save(patch)}
        onRegenerate={() => void regenerate()}
        onCopy={(token) => void copy(token)}
        // Export Data: the server answers an attachment with its own name, so a plain link saves it in place.
        onExport={() => saveFile('/api/history/export', '')}
        onClearHistory={() => void clearHistory()}
      />
    </div>
  );
}
