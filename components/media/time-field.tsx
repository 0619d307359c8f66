'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { formatTimeText, parseTimeText } from '@/lib/media/trim/time-text';

/**
 * A time typed as text ("75", "1:15", "1:02:03.5"), taken on Enter or when the field is left. Text that is not a time
 * or lies outside [min, max] stays as typed, marked invalid with a message, and changes nothing.
 */
export function TimeField({
  id,
  label,
  seconds,
  min,
  max,
  onCommit,
}: {
  id: string;
  label: string;
  seconds: number;
  min: number;
  max: number;
  onCommit: (seconds: number) => void;
}) {
  const t = useTranslations('MediaResult');
  // The text being typed; null shows the current value.
  const [draft, setDraft] = useState<string | null>(null);
  const parsed = draft === null ? seconds : parseTimeText(draft);
  const invalid = parsed === undefined || parsed < min || parsed > max;
  const commit = () => {
    if (draft === null || invalid) return;
    onCommit(parsed);
    setDraft(null);
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">{label}</label>
      <Input
        id={id}
        data-testid={id}
        dir="ltr"
        inputMode="decimal"
        autoComplete="off"
        className="w-28 text-start tabular-nums"
        value={draft ?? formatTimeText(seconds)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
          if (event.key === 'Escape') setDraft(null);
        }}
      />
      {invalid ? (
        <p id={`${id}-error`} role="alert" className="max-w-60 text-xs text-destructive">{t('trimInvalid')}</p>
      ) : null}
    </div>
  );
}
