'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiRequest } from '@/lib/client/api-client';
import { notifyError, notifySuccess } from '@/lib/client/notify';

/** Clear All History: asks first (it cannot be undone), then clears and refreshes every cached history list. */
export function useClearHistory() {
  const t = useTranslations('DashboardData');
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    if (!window.confirm(t('clearConfirm'))) return;
    try {
      await apiRequest('/api/history', { method: 'DELETE' });
      await mutate((key) => typeof key === 'string' && (key.startsWith('/api/history') || key.startsWith('/api/dashboard')));
      notifySuccess(t('success'), t('historyCleared'));
    } catch (cause) {
      notifyError(t('error'), t('clearFailed'), cause);
    }
  }, [mutate, t]);
}
