'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Input, Label } from '@/components/ui/input';
import { LoudnessSelect } from '@/components/media/loudness-select';
import { PresetLibraryFields } from '@/components/dashboard/library/preset-library-fields';
import { DOWNLOAD_FORMATS } from '@/lib/downloads/download-formats';
import { MP3_BITRATES, PRESET_QUALITIES } from '@/lib/presets/options';
import type { Preset, PresetOptions } from '@/lib/presets/schemas';
import { nameDir } from './name-dir';

export type PresetEdit = PresetOptions & { name: string };

/** One preset's name and options, edited in place; the MP3 bitrate shows only for MP3, the height only for video. */
export function PresetForm({ preset, busy, onSave, onCancel }: { preset: Preset; busy: boolean; onSave: (edit: PresetEdit) => void; onCancel: () => void }) {
  const t = useTranslations('Presets');
  const [edit, setEdit] = useState<PresetEdit>({
    name: preset.name, quality: preset.quality, format: preset.format, audioBitrate: preset.audioBitrate,
    subs: preset.subs, embedMetadata: preset.embedMetadata, exact: preset.exact, loudness: preset.loudness,
    saveToLibrary: preset.saveToLibrary ?? false, libraryTemplate: preset.libraryTemplate ?? null,
  });
  const set = (patch: Partial<PresetEdit>) => setEdit((current) => ({ ...current, ...patch }));
  const field = (name: string) => `preset-${preset.id}-${name}`;
  const video = edit.format === 'mp4' || edit.format === 'webm';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ ...edit, subs: edit.subs?.trim() ? edit.subs.trim() : null });
  };
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" data-testid="preset-form">
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor={field('name')}>{t('name')}</Label>
        <Input id={field('name')} dir={nameDir(edit.name)} value={edit.name} maxLength={60} required onChange={(event) => set({ name: event.target.value })} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={field('format')}>{t('format')}</Label>
        <ChoiceSelect id={field('format')} value={edit.format} onValueChange={(format) => set({ format: format as PresetEdit['format'] })} choices={DOWNLOAD_FORMATS.map((format) => ({ value: format, label: format.toUpperCase() }))} />
      </div>
      {video ? (
        <div className="grid gap-1.5">
          <Label htmlFor={field('quality')}>{t('quality')}</Label>
          <ChoiceSelect id={field('quality')} value={edit.quality} onValueChange={(quality) => set({ quality: quality as PresetEdit['quality'] })} choices={PRESET_QUALITIES.map((quality) => ({ value: quality, label: quality === 'best' ? t('best') : quality }))} />
        </div>
      ) : null}
      {edit.format === 'mp3' ? (
        <div className="grid gap-1.5">
          <Label htmlFor={field('bitrate')}>{t('audioBitrate')}</Label>
          <ChoiceSelect id={field('bitrate')} value={edit.audioBitrate} onValueChange={(rate) => set({ audioBitrate: rate as PresetEdit['audioBitrate'] })} choices={MP3_BITRATES.map((rate) => ({ value: rate, label: <bdi dir="ltr">{rate}</bdi> }))} />
        </div>
      ) : null}
      {video ? (
        <div className="grid gap-1.5">
          <Label htmlFor={field('subs')}>{t('subs')}</Label>
          <Input id={field('subs')} dir={edit.subs ? 'ltr' : undefined} className="text-start" value={edit.subs ?? ''} maxLength={20} placeholder={t('subsPlaceholder')} onChange={(event) => set({ subs: event.target.value })} />
        </div>
      ) : null}
      <LoudnessSelect id={field('loudness')} value={edit.loudness} onChange={(loudness) => set({ loudness })} />
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" checked={edit.embedMetadata} onChange={(event) => set({ embedMetadata: event.target.checked })} />
        {t('embedMetadata')}
      </label>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" checked={edit.exact} onChange={(event) => set({ exact: event.target.checked })} />
        {t('exact')}
      </label>
      <PresetLibraryFields id={field('library')} saveToLibrary={edit.saveToLibrary ?? false} template={edit.libraryTemplate ?? ''} onChange={set} />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={busy}>{t('save')}</Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>{t('cancel')}</Button>
      </div>
    </form>
  );
}
