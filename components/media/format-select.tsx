'use client';

import { useTranslations } from 'next-intl';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { Format } from '@/lib/media/types';
import { formatSize } from './format-media';

/** "QUALITY · EXT · N MB", '~' when the size is an estimate. */
export function useFormatLabel() {
  const t = useTranslations('MediaResult');
  return (format: Format) => {
    const size = formatSize(format);
    const parts = [format.quality, format.ext.toUpperCase()];
    if (size) {
      const text = size.megabytes === 0 ? t('underOneMegabyte') : t('megabytes', { count: size.megabytes });
      parts.push(size.approximate ? `~${text}` : text);
    }
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
