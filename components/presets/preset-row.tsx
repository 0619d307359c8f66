'use client';

import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Preset } from '@/lib/presets/schemas';
import { nameDir } from './name-dir';

/** "1080p · MP4 · EN subtitles · with details": what a preset makes, in a line. */
export function usePresetSummary() {
  const t = useTranslations('Presets');
  const loudness = useTranslations('Loudness');
  return (preset: Preset) => {
    const video = preset.format === 'mp4' || preset.format === 'webm';
    const parts = [
      video ? (preset.quality === 'best' ? t('best') : preset.quality) : '',
      preset.format.toUpperCase(),
      preset.format === 'mp3' ? preset.audioBitrate : '',
      video && preset.subs ? `${t('subs')}: ${preset.subs}` : '',
      preset.embedMetadata ? t('metadataOn') : t('metadataOff'),
      preset.loudness === 'off' ? '' : loudness(preset.loudness),
    ];
    return parts.filter(Boolean).join(' · ');
  };
}

export function PresetRow({ preset, onEdit, onDefault, onDelete }: { preset: Preset; onEdit: () => void; onDefault: () => void; onDelete: () => void }) {
  const t = useTranslations('Presets');
  const summary = usePresetSummary();
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium text-start">
          <bdi dir={nameDir(preset.name)}>{preset.name}</bdi>
          {preset.isDefault ? <Badge className="ms-2 text-muted-foreground">{t('default')}</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground text-start">{summary(preset)}</p>
      </div>
      <div className="flex flex-wrap gap-2 self-start sm:self-center">
        <Button variant="outline" size="sm" onClick={onEdit}>{t('edit')}</Button>
        {preset.isDefault ? null : <Button variant="outline" size="sm" onClick={onDefault}>{t('makeDefault')}</Button>}
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={`${t('delete')}: ${preset.name}`}>{t('delete')}</Button>
      </div>
    </div>
  );
}
