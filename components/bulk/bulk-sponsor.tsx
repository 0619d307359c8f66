'use client';

import { useTranslations } from 'next-intl';
import { SponsorDisclosure } from '@/components/media/chapter-options';
import type { BulkRequest } from '@/lib/bulk/schemas';
import type { SponsorChoice } from '@/lib/media/sponsorblock/categories';

/** What a batch asks of SponsorBlock: both lists, always, so every YouTube item is made as the page shows it. */
export function sponsorFields(choice: SponsorChoice): Pick<BulkRequest, 'sponsorMark' | 'sponsorRemove'> {
  return { sponsorMark: [...choice.mark], sponsorRemove: [...choice.remove] };
}

/** The batch's SponsorBlock choice, the result card's control with a hint that it touches YouTube links only. */
export function BulkSponsor({ id, value, disabled, onChange }: { id: string; value: SponsorChoice; disabled?: boolean; onChange: (next: SponsorChoice) => void }) {
  const t = useTranslations('Bulk');
  return <SponsorDisclosure id={id} value={value} onChange={onChange} hint={t('sponsorHint')} disabled={disabled} />;
}
