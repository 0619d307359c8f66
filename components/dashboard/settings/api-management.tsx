'use client';

import { useTranslations } from 'next-intl';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { UserSettings } from './settings-types';
import { UsageMeter } from './usage-meter';

/** What the account's API tokens, all of them together, have used of the account's limits. */
export function ApiManagement({ settings }: { settings: UserSettings }) {
  const t = useTranslations('Settings');
  const { apiUsage } = settings;
  return (
    <Card data-testid="api-usage">
      <CardHeader>
        <CardTitle>{t('api.usageTitle')}</CardTitle>
        <CardDescription>{t('api.usageDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2">
        <UsageMeter label={t('api.today')} used={apiUsage.requestsToday} limit={apiUsage.dailyLimit} />
        <UsageMeter label={t('api.month')} used={apiUsage.requestsThisMonth} limit={apiUsage.monthlyLimit} />
      </CardContent>
    </Card>
  );
}
