'use client';

import { useTranslations } from 'next-intl';
import { Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { BULK_FORMATS, BULK_QUALITIES, type BulkFormat, type BulkQuality } from '@/lib/bulk/options';

interface Props {
  quality: BulkQuality;
  format: BulkFormat;
  disabled: boolean;
  onQuality: (quality: BulkQuality) => void;
  onFormat: (format: BulkFormat) => void;
}

/** Quality and format for the whole batch (360p/720p/1080p, default 1080p; mp4 default, webm, mp3). */
export function BulkOptions({ quality, format, disabled, onQuality, onFormat }: Props) {
  const t = useTranslations('Bulk');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-1.5">
        <Label id="bulk-quality-label">{t('quality')}</Label>
        <Select value={quality} onValueChange={(value) => onQuality(value as BulkQuality)} disabled={disabled || format === 'mp3'}>
          <SelectTrigger data-testid="bulk-quality" aria-labelledby="bulk-quality-label">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {BULK_QUALITIES.map((value) => (
              <SelectItem key={value} value={value}>
                {value}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label id="bulk-format-label">{t('format')}</Label>
        <Select value={format} onValueChange={(value) => onFormat(value as BulkFormat)} disabled={disabled}>
          <SelectTrigger data-testid="bulk-format" aria-labelledby="bulk-format-label">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {BULK_FORMATS.map((value) => (
              <SelectItem key={value} value={value}>
                {t(`formats.${value}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
