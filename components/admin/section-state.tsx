'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A section's loading line, or its failure with a retry; the children once the data is there. */
export function SectionState<T>({ data, error, retry, children }: {
  data: T | undefined;
  error: unknown;
  retry: () => void;
  children: (data: T) => ReactNode;
}) {
  const t = useTranslations('Admin');
  if (data !== undefined) return <>{children(data)}</>;
  if (error) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 p-4 text-sm">
        {t('loadFailed')}
        <Button variant="outline" size="sm" onClick={retry}>{t('retry')}</Button>
      </div>
    );
  }
  return <p className="text-sm text-muted-foreground" role="status">{t('loading')}</p>;
}

/** A small labelled figure (a total) in a card of its own. */
export function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0 rounded-lg border bg-card p-3 sm:p-4" data-testid={testId}>
      <div className="truncate text-xs text-muted-foreground sm:text-sm">{label}</div>
      <div className="mt-1 text-lg font-semibold tabular-nums sm:text-2xl">{value}</div>
    </div>
  );
}
