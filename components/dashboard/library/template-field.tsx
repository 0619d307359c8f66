'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Input, Label } from '@/components/ui/input';
import type { LibraryLayout } from '@/lib/library/layout';
import { previewLibrary } from '@/lib/library/preview';
import { TEMPLATE_MAX_LENGTH } from '@/lib/library/template';

/**
 * A naming template's field with its live preview: the paths a sample upload gets under this template and layout,
 * or what is wrong with the template, in the visitor's language. An empty field with `fallback` previews that one.
 */
export function TemplateField({ id, label, value, onChange, layout, fallback, placeholder, disabled }: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  layout: LibraryLayout;
  /** The template that applies while the field is empty (the user's own, for a follow). */
  fallback?: string;
  placeholder?: string;
  /** Not editable yet (the saved template is still being read: typing now would be overwritten). */
  disabled?: boolean;
}) {
  const t = useTranslations('Library');
  const effective = value.trim() === '' && fallback !== undefined ? fallback : value;
  const preview = useMemo(() => previewLibrary(effective, layout), [effective, layout]);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id} dir="ltr" value={value} disabled={disabled} maxLength={TEMPLATE_MAX_LENGTH} placeholder={placeholder} spellCheck={false}
        aria-invalid={!preview.ok} aria-describedby={`${id}-preview`} data-testid="library-template"
        onChange={(event) => onChange(event.target.value)}
      />
      <div id={`${id}-preview`} aria-live="polite" className="space-y-1 text-xs">
        {preview.ok ? (
          <>
            <p className="text-muted-foreground">{t('preview')}</p>
            <ul dir="ltr" className="rounded-md bg-muted px-3 py-2 font-mono text-start" data-testid="library-preview">
              {preview.paths.map((line) => <li key={line} className="break-all">{line}</li>)}
            </ul>
          </>
        ) : (
          <p className="text-destructive" data-testid="library-template-error" dir="auto">
            {t(`errors.${preview.error.code}`, { field: preview.error.field ?? '' })}
          </p>
        )}
      </div>
    </div>
  );
}
