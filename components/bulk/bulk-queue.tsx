'use client';

import { Archive } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button';
import type { BulkBatch } from '@/lib/bulk/schemas';
import { BulkItemRow } from './bulk-item-row';

/** The queue: one row per link (a playlist's links in its place), and the ZIP once anything is ready. */
export function BulkQueue({ batch }: { batch: BulkBatch }) {
  const t = useTranslations('Bulk');
  const completed = batch.items.filter((item) => item.status === 'completed').length;
  const finished = batch.items.filter((item) => item.status === 'completed' || item.status === 'failed').length;
  return (
    <section aria-labelledby="bulk-queue-heading" className="mt-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="bulk-queue-heading" className="text-xl font-semibold">
            {t('queueTitle')}
          </h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('queueSummary', { finished, total: batch.total })}
          </p>
        </div>
        {completed > 0 && (
          <a data-testid="bulk-zip" href={batch.zipUrl} download className={buttonClasses('primary', 'md')}>
            <Archive className="h-4 w-4" aria-hidden />
            {t('downloadZip')}
          </a>
        )}
      </div>
      <ul className="grid gap-3">
        {batch.items.map((item) => (
          <BulkItemRow key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
