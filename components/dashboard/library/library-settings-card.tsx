'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Label } from '@/components/ui/input';
import { apiGet, apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { notifyError, notifySuccess } from '@/lib/client/notify';
import type { LibraryLayout } from '@/lib/library/layout';
import { previewLibrary } from '@/lib/library/preview';
import type { LibraryStatus } from '@/lib/library/schemas';
import { DEFAULT_TEMPLATE, TEMPLATE_FIELDS } from '@/lib/library/template';
import { LIBRARY_SETTINGS_PATH } from './library-settings-path';
import { TemplateField } from './template-field';

/** A template showing a default, a date format, a padded number and folders, under the help text. */
const TEMPLATE_EXAMPLE = '%(creator|Unknown)s/%(upload_date>%Y-%m)s/%(playlist_index)03d %(title)s.%(ext)s';

/** Settings → Library: the user's naming template (with its live preview) and the layout of their library folder. */
export function LibrarySettingsCard() {
  const t = useTranslations('Library');
  const describe = useErrorText('settings');
  const { data, mutate } = useSWR<LibraryStatus>(LIBRARY_SETTINGS_PATH, apiGet);
  const [template, setTemplate] = useState(DEFAULT_TEMPLATE);
  const [layout, setLayout] = useState<LibraryLayout>('plain');
  const [busy, setBusy] = useState(false);
  const [source, setSource] = useState<LibraryStatus | undefined>(undefined);
  // Adopt newly read settings during render (React's "adjust state on prop change" pattern, no effect).
  if (data && source !== data) {
    setSource(data);
    setTemplate(data.template);
    setLayout(data.layout);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const next = await apiRequest<LibraryStatus>(LIBRARY_SETTINGS_PATH, { method: 'PATCH', body: { template: template.trim(), layout } });
      await mutate(next, { revalidate: false });
      notifySuccess(t('title'), t('saved'));
    } catch (error) {
      notifyError(t('title'), describe(error, t('failed')), error);
    } finally {
      setBusy(false);
    }
  }

  const valid = previewLibrary(template, layout).ok;
  return (
    <Card data-testid="library-settings">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {data && !data.available ? <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="library-unavailable">{t('unavailable')}</p> : null}
        <form onSubmit={save} className="space-y-4">
          <TemplateField id="library-template" label={t('template')} value={template} onChange={setTemplate} layout={layout} disabled={!data} />
          <div className="space-y-1 text-xs text-muted-foreground">
            <p dir="auto">{t('templateHelp')}</p>
            <p dir="ltr" className="text-start font-mono">{TEMPLATE_EXAMPLE}</p>
            <p>
              {t('fields')}
              {': '}
              <bdi><code dir="ltr" className="font-mono">{TEMPLATE_FIELDS.join(', ')}</code></bdi>
            </p>
          </div>
          <div className="grid gap-1.5 sm:max-w-xl">
            <Label htmlFor="library-layout">{t('layout')}</Label>
            <ChoiceSelect
              id="library-layout" testId="library-layout" value={layout} onValueChange={(next) => setLayout(next as LibraryLayout)}
              choices={[{ value: 'plain', label: t('layoutPlain') }, { value: 'media-server', label: t('layoutMediaServer') }]}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy || !data || !valid} data-testid="library-save">{t('save')}</Button>
            <Button type="button" variant="outline" disabled={busy} onClick={() => setTemplate(DEFAULT_TEMPLATE)} data-testid="library-default">{t('useDefault')}</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
