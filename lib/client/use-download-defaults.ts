'use client';

import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import type { Format } from '@/lib/media/types';
import { DEFAULTS_PATH, matchDefaultFormat, readDownloadDefaults } from './match-default-format';

/** The visitor's saved quality, format and auto download (or the anonymous defaults): one request per page. */
export function useDownloadDefaults() {
  return useSWR(DEFAULTS_PATH, readDownloadDefaults, { revalidateOnFocus: false, shouldRetryOnError: false }).data;
}

/**
 * Settings' "auto download": once an analysis is shown, a signed-in user who turned it on gets the format
 * matching their default quality and format (else the first one) selected and its download started, once.
 */
export function useAutoDownload(formats: Format[], start: (formatIndex: number, format: Format) => void) {
  const data = useDownloadDefaults();
  const done = useRef(false);

  useEffect(() => {
    if (done.current || !data?.autoDownload || formats.length === 0) return;
    done.current = true;
    const index = matchDefaultFormat(formats, data) ?? 0;
    start(index, formats[index]);
  }, [data, formats, start]);
}
