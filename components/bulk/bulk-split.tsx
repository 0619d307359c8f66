'use client';

import { useTranslations } from 'next-intl';
import type { SplitChoice } from '@/components/media/chapter-options';
import type { BulkRequest } from '@/lib/bulk/schemas';

/** What a batch asks for its split: nothing when off, `split` (and `exact` for the exact cut) when on. */
export function splitFields(choice: SplitChoice): Pick<BulkRequest, 'split' | 'exact'> {
  if (choice === 'off') return {};
  return choice === 'exact' ? { split: true, exact: true } : { split: true };
}

/**
 * The batch's "one file per chapter": each link with chapters comes as a ZIP of its chapters, cut by stream copy or
 * exactly when asked; a link without chapters comes as one file, as the hint says.
 */
export function BulkSplit({ id, value, disabled, onChange }: { id: string; value: SplitChoice; disabled?: boolean; onChange: (next: SplitChoice) => void }) {
  const t = useTranslations('Bulk');
  const tChapters = useTranslations('Chapters');
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="flex items-center gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          className="h-4 w-4"
          data-testid="bulk-split"
          aria-describedby={`${id}-hint`}
          checked={value !== 'off'}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked ? 'copy' : 'off')}
        />
        {t('split')}
      </label>
      {value !== 'off' ? (
        <label htmlFor={`${id}-exact`} className="flex items-center gap-2 ps-6 text-sm text-muted-foreground">
          <input
            id={`${id}-exact`}
            type="checkbox"
            className="h-4 w-4"
            data-testid="bulk-split-exact"
            checked={value === 'exact'}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked ? 'exact' : 'copy')}
          />
          {tChapters('splitExact')}
        </label>
      ) : null}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">{t('splitHint')}</p>
    </div>
  );
}
