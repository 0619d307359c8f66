'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { FollowFilters } from '@/lib/follows/schemas';

const seconds = (text: string) => (text.trim() === '' ? null : Math.max(0, Math.floor(Number(text))));

/** A follow's filters: title words in and out, a duration range, and the kinds of upload to skip. */
export function FollowFiltersForm({ id, filters, onSave }: { id: string; filters: FollowFilters; onSave: (filters: FollowFilters) => Promise<void> }) {
  const t = useTranslations('Follows');
  const [draft, setDraft] = useState({
    titleContains: filters.titleContains ?? '', titleExcludes: filters.titleExcludes ?? '',
    minSeconds: filters.minSeconds?.toString() ?? '', maxSeconds: filters.maxSeconds?.toString() ?? '',
    skipShorts: filters.skipShorts, skipLives: filters.skipLives, skipMembersOnly: filters.skipMembersOnly,
  });
  const field = (key: 'titleContains' | 'titleExcludes' | 'minSeconds' | 'maxSeconds', numeric = false) => (
    <label className="flex flex-col gap-1 text-sm">
      <span className="text-muted-foreground">{t(key)}</span>
      <Input
        name={key}
        data-testid={`follow-filter-${key}`}
        inputMode={numeric ? 'numeric' : undefined}
        type={numeric ? 'number' : 'text'}
        min={numeric ? 0 : undefined}
        maxLength={numeric ? undefined : 100}
        dir={numeric ? 'ltr' : 'auto'}
        value={draft[key]}
        onChange={(event) => setDraft((d) => ({ ...d, [key]: event.target.value }))}
      />
    </label>
  );
  const box = (key: 'skipShorts' | 'skipLives' | 'skipMembersOnly') => (
    <label className="inline-flex items-center gap-2 text-sm">
      <input type="checkbox" data-testid={`follow-filter-${key}`} checked={draft[key]} onChange={(event) => setDraft((d) => ({ ...d, [key]: event.target.checked }))} />
      {t(key)}
    </label>
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    void onSave({
      titleContains: draft.titleContains.trim() || null, titleExcludes: draft.titleExcludes.trim() || null,
      minSeconds: seconds(draft.minSeconds), maxSeconds: seconds(draft.maxSeconds),
      skipShorts: draft.skipShorts, skipLives: draft.skipLives, skipMembersOnly: draft.skipMembersOnly,
    });
  }
  return (
    <form id={id} onSubmit={submit} className="grid gap-3 pt-3 sm:grid-cols-2">
      {field('titleContains')}
      {field('titleExcludes')}
      {field('minSeconds', true)}
      {field('maxSeconds', true)}
      <div className="flex flex-wrap gap-x-4 gap-y-2 sm:col-span-2">
        {box('skipShorts')}
        {box('skipLives')}
        {box('skipMembersOnly')}
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" data-testid="follow-filters-save">{t('save')}</Button>
      </div>
    </form>
  );
}
