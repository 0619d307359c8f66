'use client';

import useSWR from 'swr';
import { apiGet } from '@/lib/client/api-client';
import { matchDefaultFormat } from '@/lib/client/match-default-format';
import { useSignedIn } from '@/lib/client/use-signed-in';
import type { Seen } from '@/lib/history/schemas';
import type { Format } from '@/lib/media/types';
import { SETTINGS_FORMATS, SETTINGS_QUALITIES } from '@/lib/settings/options';
import { AlreadyDownloadedLine } from './already-downloaded-line';

/** What "already downloaded" is a convenience for: a failed lookup reads as "not seen". */
async function readSeen(path: string): Promise<Seen> {
  try {
    return await apiGet<Seen>(path);
  } catch {
    return { seen: null };
  }
}

/**
 * The listed format a past download took: the same quality and container, else (for a quality and container the
 * settings know) the nearest in that container; null when nothing like it is on offer.
 */
export function formatOfPast(formats: Format[], past: { quality: string; format: string }): number | null {
  const same = formats.findIndex((f) => f.ext.toLowerCase() === past.format.toLowerCase() && f.quality === past.quality);
  if (same >= 0) return same;
  const quality = SETTINGS_QUALITIES.find((q) => q === past.quality);
  const format = SETTINGS_FORMATS.find((f) => f === past.format.toLowerCase());
  return quality && format ? matchDefaultFormat(formats, { defaultQuality: quality, defaultFormat: format }) : null;
}

/**
 * The result card's line for a signed-in visitor whose history holds the analysed media; nothing for anyone else
 * (a visitor without a session never asks). Re-download picks and starts the format the past download took.
 */
export function AlreadyDownloaded({
  mediaId,
  formats,
  onRedownload,
  busy,
}: {
  mediaId: string;
  formats: Format[];
  onRedownload: (index: number) => void;
  busy?: boolean;
}) {
  const signedIn = useSignedIn();
  const path = signedIn ? `/api/history/seen/${encodeURIComponent(mediaId)}` : null;
  const { data } = useSWR(path, readSeen, { revalidateOnFocus: false, shouldRetryOnError: false });
  const seen = data?.seen;
  if (!seen) return null;
  const index = formatOfPast(formats, seen);
  return <AlreadyDownloadedLine seen={seen} busy={busy} onRedownload={index === null ? undefined : () => onRedownload(index)} />;
}
