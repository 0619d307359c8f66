'use client';

import { Copy, KeyRound, RefreshCw } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { UserSettings } from './settings-types';
import { UsageMeter } from './usage-meter';

/** The API token (copy, regenerate) and this token's usage against its limits. */
export function ApiManagement({
  settings,
  regenerating,
  onCopy,
  onRegenerate,
}: {
  settings: UserSettings;
  regenerating?: boolean;
  onCopy: () => void;
  onRegenerate?: () => void;
}) {
  const t = useTranslations('Settings');
  const { apiToken, apiUsage } = settings;
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('api.tokenTitle')}</CardTitle>
          <CardDescription>{t('api.tokenDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <div className="flex flex-col gap-2 sm:flex-row">
            <div className="flex min-h-10 flex-1 items-center gap-2 rounded-md border bg-muted/50 px-3 py-2">
              <KeyRound className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
              {/* Tokens are Latin text; keep them left-to-right inside RTL pages. */}
              {apiToken ? (
                <code dir="ltr" className="min-w-0 flex-1 truncate text-start font-mono text-sm" data-testid="settings-token">
                  {apiToken}
                </code>
              ) : (
                <span className="flex-1 text-sm text-muted-foreground" data-testid="settings-token">
                  {t('api.noToken')}
                </span>
              )}
            </div>
            <div className="flex gap-2">
              <Button variant="outline" onClick={onCopy} disabled={!apiToken} data-testid="settings-copy-token">
                <Copy className="h-4 w-4" aria-hidden />
                {t('api.copy')}
              </Button>
              <Button variant="secondary" onClick={onRegenerate} disabled={regenerating} data-testid="settings-regenerate">
                <RefreshCw className={regenerating ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden />
                {/* The button says what it does: the first token is generated, a later one replaces it. */}
                {regenerating ? t('api.regenerating') : apiToken ? t('api.regenerate') : t('api.generate')}
              </Button>
            </div>
          </div>
          <p className="text-xs text-muted-foreground">{t('api.tokenWarning')}</p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('api.usageTitle')}</CardTitle>
          <CardDescription>{t('api.usageDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 sm:grid-cols-2">
          <UsageMeter label={t('api.today')} used={apiUsage.requestsToday} limit={apiUsage.dailyLimit} />
          <UsageMeter label={t('api.month')} used={apiUsage.requestsThisMonth} limit={apiUsage.monthlyLimit} />
        </CardContent>
      </Card>
    </div>
  );
}
