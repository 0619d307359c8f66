'use client';

import useSWR from 'swr';
import { DEFAULTS_PATH, readDownloadDefaults } from './match-default-format';

/** The visitor's saved quality, format and auto download (or the anonymous defaults): one request per page. */
export function useDownloadDefaults() {
  return useSWR(DEFAULTS_PATH, readDownloadDefaults, { revalidateOnFocus: false, shouldRetryOnError: false }).data;
}
