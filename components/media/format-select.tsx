'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Fragment, type ReactNode } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { isThumbnailItag } from '@/lib/media/offers/thumbnail-offer';
import type { Format } from '@/lib/media/types';
import { qualityText, sizeText } from '@/lib/client/format-media';

/**
 * "QUALITY · EXT · N MB", '~' when the size is an estimate. The thumbnail offer, a file of unknown resolution
 * ("original": kept as published), a sound track and its bitrate are named in the visitor's language, and the
 * messaging file says what it is for. Each part is its own bidi isolate: in Arabic "720p", "MP4" and "< 1 MB"
 * keep their own order and the parts read right to left.
 */
export function useFormatLabel() {
  const { number } = useFormatter();
  const t = useTranslations('MediaResult');
  const common = useTranslations('Common');
  return (format: Format): ReactNode => {
    const bytes = Number(format.filesize);
    const parts = [isThumbnailItag(format.itag) ? t('thumbnailOffer') : qualityText(common, format.quality, number), format.ext.toUpperCase(), format.itag === 'mp4-messaging' ? t('forMessaging') : ''];
    if (Number.isFinite(bytes) && bytes > 0) parts.push(sizeText(number, bytes, Boolean(format.filesizeApprox), (size) => common('sizeUnder', { size })));
    return parts.filter(Boolean).map((part, index) => (
      <Fragment key={index}>
        {index > 0 ? ' · ' : null}
        <bdi>{part}</bdi>
      </Fragment>
    ));
  };
}

/** Formats by index: itags are only unique per list, and Radix items need a non-empty value. */
export function FormatSelect({
  formats,
  value,
  onChange,
  disabled,
}: {
  formats: Format[];
  value: number;
  onChange: (index: number) => void;
  disabled?: boolean;
}) {
  const t = useTranslations('MediaResult');
  const label = useFormatLabel();
  return (
    <Select value={String(value)} onValueChange={(next) => onChange(Number(next))} disabled={disabled}>
      <SelectTrigger data-testid="format-select" aria-label={t('formatLabel')} className="sm:w-72">
        <SelectValue placeholder={t('formatLabel')} />
      </SelectTrigger>
      <SelectContent>
        {formats.map((format, index) => (
          <SelectItem key={`${format.itag}-${format.ext}-${index}`} value={String(index)} data-testid="format-option">
            {label(format)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
