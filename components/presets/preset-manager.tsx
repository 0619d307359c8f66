'use client';

import { useLocale, useTranslations } from 'next-intl';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { ManageCard } from '@/components/ui/manage-card';
import { apiGet, apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { listActions } from '@/lib/client/notify';
import { presetsPath } from '@/lib/client/use-presets';
import type { Preset, PresetPatch } from '@/lib/presets/schemas';
import { nameDir } from './name-dir';
import { PresetRow } from './preset-row';

// The edit form (its fields, the library's template check) is fetched when a preset is opened for editing.
const PresetForm = lazy(() => import('./preset-form').then((m) => ({ default: m.PresetForm })));

/** The settings page's presets: list, create from the current download settings, rename and edit, delete, set the default. */
export function PresetManager() {
  const t = useTranslations('Presets');
  const locale = useLocale();
  const { data, mutate } = useSWR<Preset[]>(presetsPath(locale), apiGet);
  const run = listActions(mutate, t('error'), useErrorText());
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [creating, setCreating] = useState(false);

  async function act(call: () => Promise<unknown>, done?: string) {
    setBusy(true);
    const worked = await run(call, t('failed'), done ? [t('saved'), done] : undefined);
    setBusy(false);
    return worked;
  }
  const patch = (id: string, body: PresetPatch, done?: string) => act(() => apiRequest(`/api/presets/${id}`, { method: 'PATCH', body }), done);
  const row = (preset: Preset) => (
    <PresetRow
      preset={preset}
      onEdit={() => setEditing(preset.id)}
      onDefault={() => void patch(preset.id, { isDefault: true })}
      onDelete={() => void act(() => apiRequest(`/api/presets/${preset.id}`, { method: 'DELETE' }), t('deleted'))}
    />
  );

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setCreating(true);
    if (await act(() => apiRequest('/api/presets', { method: 'POST', body: { name } }), t('savedText'))) setName('');
    setCreating(false);
  };

  return (
    <ManageCard
      title={t('title')}
      description={t('description')}
      testId="preset-manager"
      items={data ?? []}
      empty={t('empty')}
      listTestId="preset-list"
      item={(preset) => (
        <li key={preset.id} className="p-3">
          {editing === preset.id ? (
            <Suspense fallback={row(preset)}>
              <PresetForm
                preset={preset}
                busy={busy}
                onCancel={() => setEditing(null)}
                onSave={async (edit) => {
                  if (await patch(preset.id, edit, t('savedText'))) setEditing(null);
                }}
              />
            </Suspense>
          ) : (
            row(preset)
          )}
        </li>
      )}
    >
      <form onSubmit={create} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="preset-new-name">{t('name')}</Label>
          <Input id="preset-new-name" dir={nameDir(name)} value={name} maxLength={60} placeholder={t('namePlaceholder')} onChange={(event) => setName(event.target.value)} />
        </div>
        <Button type="submit" disabled={busy || name.trim() === ''} data-testid="preset-create">
          {creating ? t('creating') : t('createFromDefaults')}
        </Button>
      </form>
    </ManageCard>
  );
}
