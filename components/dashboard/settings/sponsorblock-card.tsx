'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SponsorCategories } from '@/components/media/chapter-options';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { notifyError, notifySuccess } from '@/lib/client/notify';
import { SPONSOR_SETTINGS_PATH, useSponsorSettings } from '@/lib/client/use-sponsor-settings';
import type { SponsorChoice } from '@/lib/media/sponsorblock/categories';

/**
 * Settings → Downloads → SponsorBlock: what each category's segments become in the user's YouTube downloads
 * (kept, marked as chapters, cut out); the result card starts from it and may change it for one download.
 */
export function SponsorBlockCard() {
  const t = useTranslations('Chapters');
  const describe = useErrorText('settings');
  const settings = useSponsorSettings();
  const [draft, setDraft] = useState<SponsorChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = draft ?? settings.choice;

  async function save() {
    setBusy(true);
    try {
      const next = await apiRequest<SponsorChoice>(SPONSOR_SETTINGS_PATH, { method: 'PUT', body: shown });
      settings.mutate(next);
      setDraft(null);
      notifySuccess(t('settingsTitle'), t('saved'));
    } catch (error) {
      notifyError(t('settingsTitle'), describe(error, t('saveFailed')), error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card data-testid="sponsorblock-settings">
      <CardHeader>
        <CardTitle>{t('settingsTitle')}</CardTitle>
        <CardDescription>{t('settingsHint')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="sm:max-w-md">
          <SponsorCategories idPrefix="settings-sponsor" value={shown} onChange={setDraft} />
        </div>
        <Button type="button" disabled={busy || draft === null} onClick={() => void save()} data-testid="sponsorblock-save">{t('save')}</Button>
      </CardContent>
    </Card>
  );
}
