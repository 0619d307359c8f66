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
    <div className="rounded-lg border bg-card p-4" data-testid={testId}>
      <div className="text-sm text-muted-foreground">{label}</div>
      <div className="mt-1 text-2xl font-semibold tabular-nums">{value}</div>
    </div>
  );
}
