'use client';

import { useLocale } from 'next-intl';
import { useCallback } from 'react';
import type { DownloadJobBody } from '@/lib/client/download-job-run';
import { useDownloadJob } from '@/lib/client/use-download-job';
import { DOWNLOAD_FORMATS } from '@/lib/downloads/download-formats';
import type { LoudnessChoice } from '@/lib/media/loudness/targets';
import type { SponsorCategory } from '@/lib/media/sponsorblock/categories';
import type { Format, MediaInfo } from '@/lib/media/types';
import { downloadFilename } from './format-media';
import { trimBody, type TrimValue } from './trim-range';

/** What the visitor picked on the result card: a format, and for a multi-item post which item it belongs to. */
export interface DownloadChoice {
  format: Format;
  itemIndex?: number;
  /** A clip instead of the whole media. */
  trim?: TrimValue;
  /** A subtitle language to mux into the video as a soft track. */
  subs?: string;
  /** Whether the file carries the media's details; unsaid, the user's setting decides. */
  embedMetadata?: boolean;
  /** The loudness the sound is normalised to; unsaid, the user's setting decides. */
  loudness?: LoudnessChoice;
  /** Also write the file to the user's library folder. */
  saveToLibrary?: boolean;
  /** One file per chapter, in a ZIP: cut by copy, or exactly. */
  split?: 'copy' | 'exact';
  /** SponsorBlock's categories to mark and to remove; unsaid, the user's setting decides. */
  sponsor?: { mark: SponsorCategory[]; remove: SponsorCategory[] };
}

const isJobFormat = (ext: string): ext is (typeof DOWNLOAD_FORMATS)[number] => (DOWNLOAD_FORMATS as readonly string[]).includes(ext);

/**
 * The job body for a choice. The itag (and item) make the server prepare exactly the format shown; quality and
 * format still describe it for readers of the public API's records, within the schema's limits.
 */
export function downloadJobBody(media: Pick<MediaInfo, 'url' | 'items' | 'duration'>, { format, itemIndex, trim, subs, embedMetadata, loudness, saveToLibrary, split, sponsor }: DownloadChoice, lang?: string): DownloadJobBody {
  const item = itemIndex === undefined ? undefined : media.items?.[itemIndex];
  return {
    url: media.url,
    quality: format.quality && format.quality.length <= 16 ? format.quality : undefined,
    format: isJobFormat(format.ext) ? format.ext : undefined,
    itag: format.itag,
    item: item?.id || undefined,
    ...trimBody(trim, item ? item.duration : media.duration),
    // The page's language picks the audio track of a stream that has several.
    ...(lang ? { lang } : {}),
    ...(subs ? { subs } : {}),
    ...(embedMetadata === undefined ? {} : { embedMetadata }),
    ...(loudness === undefined ? {} : { loudness }),
    ...(saveToLibrary ? { saveToLibrary } : {}),
    ...(split ? { split: true, ...(split === 'exact' ? { exact: true } : {}) } : {}),
    ...(sponsor ? { sponsorMark: sponsor.mark, sponsorRemove: sponsor.remove } : {}),
  };
}

/**
 * The Download button's action: a download job (POST /api/media/download) whose progress the card shows, and
 * whose file the browser saves once ready.
 */
export function useStartDownload(media: MediaInfo) {
  const job = useDownloadJob();
  const locale = useLocale();
  const { start: startJob } = job;
  const start = useCallback(
    (choice: DownloadChoice) => {
      const item = choice.itemIndex === undefined ? undefined : media.items?.[choice.itemIndex];
      startJob(downloadJobBody(media, choice, locale), downloadFilename(item?.title || media.title, choice.split ? 'zip' : choice.format.ext));
    },
    [media, startJob, locale],
  );
  return { state: job.state, busy: job.busy, start, cancel: job.cancel, retry: job.retry };
}
