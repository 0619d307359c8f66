'use client';

import { useEffect, useRef } from 'react';
import type { Format } from '@/lib/media/types';
import { matchDefaultFormat } from './match-default-format';
import { useDownloadDefaults } from './use-download-defaults';

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
