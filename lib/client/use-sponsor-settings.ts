'use client';

import useSWR from 'swr';
import { apiGet } from '@/lib/client/api-client';
import { useSignedIn } from '@/lib/client/use-signed-in';
import { DEFAULT_SPONSOR_CHOICE, type SponsorChoice } from '@/lib/media/sponsorblock/categories';

export const SPONSOR_SETTINGS_PATH = '/api/settings/sponsorblock';

/** The visitor's SponsorBlock choice: a signed-in user's saved one, else the default (what the server applies). */
export function useSponsorSettings(): { choice: SponsorChoice; mutate: (next: SponsorChoice) => void } {
  const signedIn = useSignedIn();
  const { data, mutate } = useSWR<SponsorChoice>(signedIn ? SPONSOR_SETTINGS_PATH : null, apiGet, { revalidateOnFocus: false, shouldRetryOnError: false });
  return { choice: data ?? DEFAULT_SPONSOR_CHOICE, mutate: (next) => void mutate(next, { revalidate: false }) };
}
