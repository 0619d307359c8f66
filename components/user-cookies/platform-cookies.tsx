'use client';

import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { ManageCard } from '@/components/ui/manage-card';
import { apiGet, apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { listActions } from '@/lib/client/notify';
import { USER_COOKIE_PLATFORMS } from '@/lib/user-cookies/platforms';
import type { CookieSummary } from '@/lib/user-cookies/schemas';
import { CookieRow } from './cookie-row';

const COOKIES = '/api/settings/cookies';

/**
 * Settings → Platform cookies: per platform, add a cookies.txt (upload or paste), the line saying what is stored
 * (never a cookie) and remove. Shown only when the server has the feature on.
 */
export function PlatformCookies() {
  const t = useTranslations('UserCookies');
  const { data, error, mutate } = useSWR<CookieSummary[]>(COOKIES, apiGet);
  const run = listActions(mutate, t('title'), useErrorText());
  return (
    <ManageCard
      title={t('title')}
      description={t('description')}
      testId="platform-cookies"
      className=""
      items={USER_COOKIE_PLATFORMS}
      item={(platform) => (
        <CookieRow
          key={platform}
          platform={platform}
          summary={data?.find((entry) => entry.platform === platform)}
          onSave={(text) => run(() => apiRequest<CookieSummary>(`${COOKIES}/${platform}`, { method: 'PUT', body: { text } }), t('failed'), [t('title'), t('saved')])}
          onRemove={() => void run(() => apiRequest(`${COOKIES}/${platform}`, { method: 'DELETE' }), t('failed'), [t('title'), t('removed')])}
        />
      )}
    >
      {error && <p className="mb-3 text-sm text-destructive">{t('loadFailed')}</p>}
    </ManageCard>
  );
}
