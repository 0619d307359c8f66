'use client';

import { KeyRound, Loader2, Settings2, Shield } from '@/components/ui/icons';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from '@/lib/client/use-toast';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LOCALE_INFO } from '@/lib/i18n/locale-info';
import type { Locale } from '@/lib/i18n/routing';
import { ApiManagement } from './api-management';
import { DownloadPreferences } from './download-preferences';
import { PrivacySecurity } from './privacy-security';
import type { SettingsPatch, UserSettings } from './settings-types';

/**
 * The settings tabs. Choices show at once (kept locally) and are reported through `onChange`, which saves them;
 * a new `settings` object from the caller (after load or save) replaces the local copy.
 */
export function SettingsView({
  settings,
  saving = false,
  regenerating = false,
  onChange,
  onRegenerate,
  onCopy,
  onExport,
  onClearHistory,
}: {
  settings: UserSettings;
  saving?: boolean;
  regenerating?: boolean;
  onChange?: (patch: SettingsPatch) => void;
  onRegenerate?: () => void;
  /** default: copy the token to the clipboard and say so */
  onCopy?: (token: string) => void;
  onExport?: () => void;
  onClearHistory?: () => void;
}) {
  const t = useTranslations('Settings');
  const dir = LOCALE_INFO[useLocale() as Locale].dir;
  const [source, setSource] = useState(settings);
  const [draft, setDraft] = useState(settings);
  // Adopt the caller's newer object during render (React's "adjust state on prop change" pattern, no effect).
  if (source !== settings) {
    setSource(settings);
    setDraft(settings);
  }

  function change(patch: SettingsPatch) {
    setDraft((current) => ({ ...current, ...patch }));
    onChange?.(patch);
  }

  async function copyToken() {
    if (onCopy) return onCopy(draft.apiToken);
    try {
      await navigator.clipboard.writeText(draft.apiToken);
      toast({ title: t('toast.success'), description: t('toast.copied') });
    } catch {
      toast({ title: t('toast.error'), description: t('toast.copyFailed'), variant: 'destructive' });
    }
  }

  return (
    // The tabs write their own dir attribute; the page's direction is passed explicitly.
    <Tabs defaultValue="preferences" dir={dir} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* On a phone the tabs wrap onto a second line rather than scroll out of sight with no sign they do. */}
        <div className="max-w-full">
          <TabsList className="h-auto flex-wrap">
            <TabsTrigger value="preferences" data-testid="settings-tab-preferences">
              <Settings2 className="h-4 w-4" aria-hidden />
              {t('tabs.preferences')}
            </TabsTrigger>
            <TabsTrigger value="api" data-testid="settings-tab-api">
              <KeyRound className="h-4 w-4" aria-hidden />
              {t('tabs.api')}
            </TabsTrigger>
            <TabsTrigger value="privacy" data-testid="settings-tab-privacy">
              <Shield className="h-4 w-4" aria-hidden />
              {t('tabs.privacy')}
            </TabsTrigger>
          </TabsList>
        </div>
        <p role="status" aria-live="polite" className="flex min-h-5 items-center gap-2 text-sm text-muted-foreground">
          {saving && (
            <>
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              <span data-testid="settings-saving">{t('saving')}</span>
            </>
          )}
        </p>
      </div>
      <TabsContent value="preferences">
        <DownloadPreferences settings={draft} disabled={saving} onChange={change} />
      </TabsContent>
      <TabsContent value="api">
        <ApiManagement settings={draft} regenerating={regenerating} onCopy={copyToken} onRegenerate={onRegenerate} />
      </TabsContent>
      <TabsContent value="privacy">
        <PrivacySecurity onExport={onExport} onClearHistory={onClearHistory} />
      </TabsContent>
    </Tabs>
  );
}
