'use client';

import { Archive, KeyRound, Loader2, Settings2, Shield } from '@/components/ui/icons';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LOCALE_INFO } from '@/lib/i18n/locale-info';
import type { Locale } from '@/lib/i18n/routing';
import { ApiManagement } from './api-management';
import { DownloadPreferences } from './download-preferences';
import { PrivacySecurity } from './privacy-security';
import type { SettingsPatch, UserSettings } from './settings-types';
import { settingsTab, type SettingsTab } from './settings-tab';

/**
 * The selected tab lives in the URL (`?tab=api`): a deep link opens that tab, choosing a tab adds a history entry,
 * and back/forward select the tab the URL names again.
 */
function useUrlTab(initial: SettingsTab): [SettingsTab, (tab: SettingsTab) => void] {
  const [tab, setTab] = useState(initial);
  useEffect(() => {
    const read = () => setTab(settingsTab(new URL(window.location.href).searchParams.get('tab')));
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);
  function choose(next: SettingsTab) {
    setTab(next);
    const url = new URL(window.location.href);
    if (next === 'preferences') url.searchParams.delete('tab');
    else url.searchParams.set('tab', next);
    if (url.href !== window.location.href) window.history.pushState(window.history.state, '', url);
  }
  return [tab, choose];
}

/**
 * The settings tabs. Each section of the page belongs to one tab (`sections`, shown under that tab's own cards). Choices show at once (kept locally) and are reported through `onChange`, which saves them;
 * a new `settings` object from the caller (after load or save) replaces the local copy.
 */
export function SettingsView({
  settings,
  saving = false,
  onChange,
  onExport,
  onClearHistory,
  initialTab = 'preferences',
  sections = {},
  loading = false,
}: {
  settings: UserSettings;
  /** the settings are still being read: their cards are dimmed and inert (the other sections are not) */
  loading?: boolean;
  /** the tab the page's URL named when it was rendered */
  initialTab?: SettingsTab;
  /** the page's other sections, each under its tab */
  sections?: Partial<Record<SettingsTab, ReactNode>>;
  saving?: boolean;
  onChange?: (patch: SettingsPatch) => void;
  onExport?: () => void;
  onClearHistory?: () => void;
}) {
  const t = useTranslations('Settings');
  const dir = LOCALE_INFO[useLocale() as Locale].dir;
  const [tab, setTab] = useUrlTab(initialTab);
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

  return (
    // The tabs write their own dir attribute; the page's direction is passed explicitly.
    <Tabs defaultValue={initialTab} value={tab} onValueChange={(next) => setTab(settingsTab(next))} dir={dir} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* On a phone the tabs wrap onto a second line rather than scroll out of sight with no sign they do. */}
        <div className="max-w-full">
          <TabsList className="h-auto flex-wrap">
            <TabsTrigger value="preferences" data-testid="settings-tab-preferences">
              <Settings2 className="h-4 w-4" aria-hidden />
              {t('tabs.preferences')}
            </TabsTrigger>
            <TabsTrigger value="library" data-testid="settings-tab-library">
              <Archive className="h-4 w-4" aria-hidden />
              {t('tabs.library')}
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
      <TabsContent value="preferences" className="space-y-6">
        <div aria-busy={loading} className={loading ? 'pointer-events-none opacity-60' : undefined}>
          <DownloadPreferences settings={draft} disabled={saving} onChange={change} />
        </div>
        {sections.preferences}
      </TabsContent>
      <TabsContent value="library" className="space-y-6">
        {sections.library}
      </TabsContent>
      <TabsContent value="api" className="space-y-6">
        <div aria-busy={loading} className={loading ? 'pointer-events-none opacity-60' : undefined}>
          <ApiManagement settings={draft} />
        </div>
        {sections.api}
      </TabsContent>
      <TabsContent value="privacy" className="space-y-6">
        <div aria-busy={loading} className={loading ? 'pointer-events-none opacity-60' : undefined}>
          <PrivacySecurity onExport={onExport} onClearHistory={onClearHistory} />
        </div>
        {sections.privacy}
      </TabsContent>
    </Tabs>
  );
}
