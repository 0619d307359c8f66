'use client';

import { useLocale } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { apiGet } from '@/lib/client/api-client';
import type { Preset } from '@/lib/presets/schemas';
import { useSignedIn } from './use-signed-in';

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

/** The result card's preset: the one the visitor picked, else their default preset, else none. */
export function useCardPreset() {
  const presets = usePresets();
  const [pickedId, setPickedId] = useState<string | null>(null);
  const active: Preset | null = presets.find((preset) => preset.id === pickedId) ?? presets.find((preset) => preset.isDefault) ?? null;
  return { presets, active, pick: (preset: Preset) => setPickedId(preset.id) };
}
