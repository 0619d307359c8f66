'use client';

import { useTranslations } from 'next-intl';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Disclosure } from '@/components/ui/disclosure';
import { SPONSOR_CATEGORIES, sponsorChoice, type SponsorCategory, type SponsorChoice } from '@/lib/media/sponsorblock/categories';

export type SplitChoice = 'off' | 'copy' | 'exact';
type Action = 'keep' | 'mark' | 'remove';

const actionOf = (choice: SponsorChoice, category: SponsorCategory): Action =>
  choice.remove.includes(category) ? 'remove' : choice.mark.includes(category) ? 'mark' : 'keep';

/** A choice with one category's action changed. */
export function withAction(choice: SponsorChoice, category: SponsorCategory, action: Action): SponsorChoice {
  const mark = choice.mark.filter((c) => c !== category);
  const remove = choice.remove.filter((c) => c !== category);
  return sponsorChoice(action === 'mark' ? [...mark, category] : mark, action === 'remove' ? [...remove, category] : remove);
}

/** Each SponsorBlock category as keep, mark as a chapter, or remove: the card's per-download choice and the settings'. */
export function SponsorCategories({ idPrefix, value, onChange, disabled }: { idPrefix: string; value: SponsorChoice; onChange: (next: SponsorChoice) => void; disabled?: boolean }) {
  const t = useTranslations('Chapters');
  const actions = (['keep', 'mark', 'remove'] as const).map((action) => ({ value: action, label: t(`action.${action}`) }));
  return (
    <div className="grid gap-2">
      {SPONSOR_CATEGORIES.map((category) => (
        <div key={category} className="grid grid-cols-[1fr_auto] items-center gap-2 text-sm">
          <label htmlFor={`${idPrefix}-${category}`}>{t(`category.${category}`)}</label>
          <ChoiceSelect
            id={`${idPrefix}-${category}`}
            testId={`sponsor-${category}`}
            value={actionOf(value, category)}
            onValueChange={(next) => onChange(withAction(value, category, next as Action))}
            choices={actions.map((a) => ({ ...a, testId: `sponsor-${category}-${a.value}` }))}
            disabled={disabled}
            className="w-40"
          />
        </div>
      ))}
    </div>
  );
}

/** SponsorBlock's per-download choice, folded away: what it is (`hint`, the card's by default), then each category. */
export function SponsorDisclosure({ id, value, onChange, hint, disabled }: { id: string; value: SponsorChoice; onChange: (next: SponsorChoice) => void; hint?: string; disabled?: boolean }) {
  const t = useTranslations('Chapters');
  return (
    <Disclosure summary={t('sponsorTitle')} testId="sponsorblock-toggle" className="sm:max-w-md">
      <p id={`${id}-hint`} className="mb-3 text-sm text-muted-foreground">{hint ?? t('sponsorHint')}</p>
      <SponsorCategories idPrefix={id} value={value} onChange={onChange} disabled={disabled} />
    </Disclosure>
  );
}

/**
 * The card's chapter options: one file per chapter (offered only when the media lists chapters), cut by copy or
 * exactly; and for a YouTube video, what becomes of SponsorBlock's segments (the visitor's setting until changed).
 */
export function ChapterOptions({
  id, chapters, youtube, split, onSplit, sponsor, onSponsor,
}: {
  id: string;
  chapters: number;
  youtube: boolean;
  split: SplitChoice;
  onSplit: (next: SplitChoice) => void;
  sponsor: SponsorChoice;
  onSponsor: (next: SponsorChoice) => void;
}) {
  const t = useTranslations('Chapters');
  if (chapters === 0 && !youtube) return null;
  return (
    <div className="grid gap-2" data-testid="chapter-options">
      {chapters > 0 ? (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-split`} className="flex items-center gap-2 text-sm">
            <input id={`${id}-split`} type="checkbox" className="h-4 w-4" data-testid="split-chapters" checked={split !== 'off'} onChange={(event) => onSplit(event.target.checked ? 'copy' : 'off')} />
            {t('split', { count: chapters })}
          </label>
          {split !== 'off' ? (
            <label htmlFor={`${id}-exact`} className="flex items-center gap-2 ps-6 text-sm text-muted-foreground">
              <input id={`${id}-exact`} type="checkbox" className="h-4 w-4" data-testid="split-exact" checked={split === 'exact'} onChange={(event) => onSplit(event.target.checked ? 'exact' : 'copy')} />
              {t('splitExact')}
            </label>
          ) : null}
        </div>
      ) : null}
      {youtube ? <SponsorDisclosure id={`${id}-sponsor`} value={sponsor} onChange={onSponsor} /> : null}
    </div>
  );
}
