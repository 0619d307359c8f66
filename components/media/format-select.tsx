'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { isThumbnailItag } from '@/lib/media/offers/thumbnail-offer';
import type { Format } from '@/lib/media/types';
import { qualityText, sizeText } from '@/lib/client/format-media';

/**
 * "QUALITY · EXT · N MB", '~' when the size is an estimate. The thumbnail offer and a file of unknown resolution
 * ("original": kept as published) are named in the visitor's language, and the messaging file says what it is for.
 */
export function useFormatLabel() {
  const { number } = useFormatter();
  const t = useTranslations('MediaResult');
  const common = useTranslations('Common');
  return (format: Format) => {
    const bytes = Number(format.filesize);
    const parts = [isThumbnailItag(format.itag) ? t('thumbnailOffer') : qualityText(common, format.quality), format.ext.toUpperCase(), format.itag === 'mp4-messaging' ? t('forMessaging') : ''];
    if (Number.isFinite(bytes) && bytes > 0) parts.push(sizeText(number, bytes, Boolean(format.filesizeApprox)));
    return parts.filter(Boolean).join(' · ');
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
