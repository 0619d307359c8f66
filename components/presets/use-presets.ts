'use client';

import { useLocale } from 'next-intl';
import { useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { hasSignedInHint } from '@/lib/auth/signed-in-hint';
import { apiGet } from '@/lib/client/api-client';
import type { Preset } from '@/lib/presets/schemas';

const noSubscription = () => () => {};
/** Whether this browser holds a session (the hint cookie; false while rendering on the server). */
const useSignedIn = () => useSyncExternalStore(noSubscription, () => hasSignedInHint(document.cookie), () => false);

/** The SWR key of the list; the page's language names a first-time user's starter set. */
export const presetsPath = (locale: string) => `/api/presets?locale=${encodeURIComponent(locale)}`;

/** Presets are a convenience on the result card and bulk: a failed read shows no picker. */
async function readPresets(path: string): Promise<Preset[]> {
  try {
    return await apiGet<Preset[]>(path);
  } catch {
    return [];
  }
}

/** The signed-in visitor's presets; an empty list for everyone else (who never asks). */
export function usePresets(): Preset[] {
  const locale = useLocale();
  const signedIn = useSignedIn();
  const { data } = useSWR(signedIn ? presetsPath(locale) : null, readPresets, { revalidateOnFocus: false, shouldRetryOnError: false });
  return data ?? [];
}
