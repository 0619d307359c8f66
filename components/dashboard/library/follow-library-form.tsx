'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { Button } from '@/components/ui/button';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Disclosure } from '@/components/ui/disclosure';
import { Input, Label } from '@/components/ui/input';
import { apiGet } from '@/lib/client/api-client';
import type { KeepPolicy } from '@/lib/library/keep-policy';
import type { LibraryLayout } from '@/lib/library/layout';
import { previewLibrary } from '@/lib/library/preview';
import type { FollowLibrary, LibraryStatus } from '@/lib/library/schemas';
import { DEFAULT_TEMPLATE } from '@/lib/library/template';
import { LIBRARY_SETTINGS_PATH } from './library-settings-path';
import { TemplateField } from './template-field';

const INHERIT = 'inherit';

/** A follow's library choices: its own template (empty: the user's), layout, and how long its files are kept. */
export function FollowLibraryForm({ id, library, onSave }: { id: string; library: FollowLibrary; onSave: (library: FollowLibrary) => Promise<void> }) {
  const t = useTranslations('Library');
  const { data: own } = useSWR<LibraryStatus>(LIBRARY_SETTINGS_PATH, apiGet);
  const [template, setTemplate] = useState(library.template ?? '');
  const [layout, setLayout] = useState<LibraryLayout | typeof INHERIT>(library.layout ?? INHERIT);
  const [keep, setKeep] = useState<KeepPolicy['kind']>(library.keep.kind);
  const [amount, setAmount] = useState(String(library.keep.kind === 'last' ? library.keep.count : library.keep.kind === 'days' ? library.keep.days : 10));
  const effectiveLayout = layout === INHERIT ? (own?.layout ?? 'plain') : layout;
  const fallback = own?.template ?? DEFAULT_TEMPLATE;
  const number = Math.floor(Number(amount));
  const amountOk = keep === 'all' || (Number.isFinite(number) && number >= 1 && number <= (keep === 'last' ? 10_000 : 3650));
  const valid = previewLibrary(template.trim() || fallback, effectiveLayout).ok && amountOk;

  function submit(event: FormEvent) {
    event.preventDefault();
    const policy: KeepPolicy = keep === 'last' ? { kind: 'last', count: number } : keep === 'days' ? { kind: 'days', days: number } : { kind: 'all' };
    void onSave({ template: template.trim() || null, layout: layout === INHERIT ? null : layout, keep: policy });
  }
  return (
    <form id={id} onSubmit={submit} className="grid gap-3 pt-3" data-testid="follow-library-form">
      <TemplateField
        id={`${id}-template`} label={t('follow.template')} value={template} onChange={setTemplate} layout={effectiveLayout}
        fallback={fallback} placeholder={t('follow.templatePlaceholder')} disabled={!own}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-layout`}>{t('follow.layout')}</Label>
          <ChoiceSelect
            id={`${id}-layout`} testId="follow-library-layout" value={layout} onValueChange={(next) => setLayout(next as LibraryLayout | typeof INHERIT)}
            choices={[{ value: INHERIT, label: t('follow.layoutInherit') }, { value: 'plain', label: t('layoutPlain') }, { value: 'media-server', label: t('layoutMediaServer') }]}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-keep`}>{t('follow.keep')}</Label>
          <ChoiceSelect
            id={`${id}-keep`} testId="follow-library-keep" value={keep} onValueChange={(next) => setKeep(next as KeepPolicy['kind'])}
            choices={[{ value: 'all', label: t('follow.keepAll') }, { value: 'last', label: t('follow.keepLast') }, { value: 'days', label: t('follow.keepDays') }]}
          />
        </div>
        {keep !== 'all' ? (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-amount`}>{keep === 'last' ? t('follow.count') : t('follow.days')}</Label>
            <Input
              id={`${id}-amount`} type="number" inputMode="numeric" dir="ltr" min={1} max={keep === 'last' ? 10_000 : 3650} value={amount}
              aria-invalid={!amountOk} data-testid="follow-library-amount" onChange={(event) => setAmount(event.target.value)}
            />
          </div>
        ) : null}
      </div>
      <div>
        <Button type="submit" size="sm" disabled={!valid} data-testid="follow-library-save">{t('save')}</Button>
      </div>
    </form>
  );
}

/** The follow row's "Library" panel: the form above, folded away until opened. */
export function FollowLibraryPanel({ id, library, onSave }: { id: string; library: FollowLibrary; onSave: (library: FollowLibrary, title: string) => Promise<void> }) {
  const t = useTranslations('Library');
  return (
    <Disclosure summary={t('follow.title')} testId="follow-library-toggle">
      <FollowLibraryForm id={id} library={library} onSave={(next) => onSave(next, t('follow.title'))} />
    </Disclosure>
  );
}
