'use client';

import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { apiGet } from '@/lib/client/api-client';
import type { Format } from '@/lib/media/types';
import { FALLBACK_DEFAULTS, matchDefaultFormat, type DownloadDefaults } from './match-default-format';

const DEFAULTS_PATH = '/api/settings/defaults';

async function readDefaults(path: string): Promise<DownloadDefaults> {
  try {
    return { ...FALLBACK_DEFAULTS, ...(await apiGet<Partial<DownloadDefaults>>(path)) };
  } catch {
    // Defaults are a convenience: without them the menu's first format stays the choice and nothing starts.
    return FALLBACK_DEFAULTS;
  }
}

/**
 * Settings' "auto download": once an analysis is shown, a signed-in user who turned it on gets the format
 * matching their default quality and format (else the first one) selected and its download started, once.
 */
export function useAutoDownload(formats: Format[], start: (formatIndex: number, format: Format) => void) {
  const { data } = useSWR(DEFAULTS_PATH, readDefaults, { revalidateOnFocus: false, shouldRetryOnError: false });
  const done = useRef(false);

  useEffect(() => {
    if (done.current || !data?.autoDownload || formats.length === 0) return;
    done.current = true;
    const index = matchDefaultFormat(formats, data) ?? 0;
    start(index, formats[index]);
  }, [data, formats, start]);
}
