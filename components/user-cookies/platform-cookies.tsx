'use client';

import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { fetchData } from '@/components/dashboard-data/fetcher';
import { notifyError, notifySuccess } from '@/components/dashboard-data/notify';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { USER_COOKIE_PLATFORMS, type UserCookiePlatform } from '@/lib/user-cookies/platforms';
import type { CookieSummary } from '@/lib/user-cookies/schemas';
import { CookieRow } from './cookie-row';

const COOKIES = '/api/settings/cookies';

/**
 * Settings → Platform cookies: per platform, add a cookies.txt (upload or paste), the line saying what is stored
 * (never a cookie) and remove. Shown only when the server has the feature on.
 */
export function PlatformCookies() {
  const t = useTranslations('UserCookies');
  const describe = useErrorText();
  const { data, error, mutate } = useSWR<CookieSummary[]>(COOKIES, fetchData);

  async function save(platform: UserCookiePlatform, text: string): Promise<boolean> {
    try {
      await apiRequest<CookieSummary>(`${COOKIES}/${platform}`, { method: 'PUT', body: { text } });
      await mutate();
      notifySuccess(t('title'), t('saved'));
      return true;
    } catch (cause) {
      notifyError(t('title'), describe(cause, t('failed')), cause);
      return false;
    }
  }

  async function remove(platform: UserCookiePlatform) {
    try {
      await apiRequest(`${COOKIES}/${platform}`, { method: 'DELETE' });
      await mutate();
      notifySuccess(t('title'), t('removed'));
    } catch (cause) {
      notifyError(t('title'), describe(cause, t('failed')), cause);
    }
  }

  return (
    <Card data-testid="platform-cookies">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {error && <p className="mb-3 text-sm text-destructive">{t('loadFailed')}</p>}
        <ul className="divide-y rounded-md border">
          {USER_COOKIE_PLATFORMS.map((platform) => (
            <CookieRow
              key={platform}
              platform={platform}
              summary={data?.find((entry) => entry.platform === platform)}
              onSave={(text) => save(platform, text)}
              onRemove={() => void remove(platform)}
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
