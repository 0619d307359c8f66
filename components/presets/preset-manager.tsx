'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { fetchData } from '@/components/dashboard-data/fetcher';
import { notifyError, notifySuccess } from '@/components/dashboard-data/notify';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import type { Preset, PresetPatch } from '@/lib/presets/schemas';
import { nameDir } from './name-dir';
import { PresetForm } from './preset-form';
import { PresetRow } from './preset-row';
import { presetsPath } from './use-presets';

/** The settings page's presets: list, create from the current download settings, rename and edit, delete, set the default. */
export function PresetManager() {
  const t = useTranslations('Presets');
  const locale = useLocale();
  const describe = useErrorText();
  const { data, mutate } = useSWR<Preset[]>(presetsPath(locale), fetchData);
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [creating, setCreating] = useState(false);

  async function act(call: () => Promise<unknown>, done?: string) {
    setBusy(true);
    try {
      await call();
      await mutate();
      if (done) notifySuccess(t('saved'), done);
      return true;
    } catch (cause) {
      notifyError(t('error'), describe(cause, t('failed')), cause);
      return false;
    } finally {
      setBusy(false);
    }
  }
  const patch = (id: string, body: PresetPatch, done?: string) => act(() => apiRequest(`/api/presets/${id}`, { method: 'PATCH', body }), done);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setCreating(true);
    if (await act(() => apiRequest('/api/presets', { method: 'POST', body: { name } }), t('savedText'))) setName('');
    setCreating(false);
  };

  const presets = data ?? [];
  return (
    <Card data-testid="preset-manager">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form onSubmit={create} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor="preset-new-name">{t('name')}</Label>
            <Input id="preset-new-name" dir={nameDir(name)} value={name} maxLength={60} placeholder={t('namePlaceholder')} onChange={(event) => setName(event.target.value)} />
          </div>
          <Button type="submit" disabled={busy || name.trim() === ''} data-testid="preset-create">
            {creating ? t('creating') : t('createFromDefaults')}
          </Button>
        </form>
        {presets.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="preset-list">
            {presets.map((preset) => (
              <li key={preset.id} className="p-3">
                {editing === preset.id ? (
                  <PresetForm
                    preset={preset}
                    busy={busy}
                    onCancel={() => setEditing(null)}
                    onSave={async (edit) => {
                      if (await patch(preset.id, edit, t('savedText'))) setEditing(null);
                    }}
                  />
                ) : (
                  <PresetRow
                    preset={preset}
                    onEdit={() => setEditing(preset.id)}
                    onDefault={() => void patch(preset.id, { isDefault: true })}
                    onDelete={() => void act(() => apiRequest(`/api/presets/${preset.id}`, { method: 'DELETE' }), t('deleted'))}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
