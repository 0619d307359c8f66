'use client';

import { useTranslations } from 'next-intl';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Label } from '@/components/ui/input';
import { LOUDNESS_CHOICES, TARGET_LUFS, type LoudnessChoice } from '@/lib/media/loudness/targets';

/** The loudness choices by name, each with its target (LUFS figures stay left-to-right in every language). */
export function useLoudnessChoices() {
  const t = useTranslations('Loudness');
  return LOUDNESS_CHOICES.map((choice) => ({
    value: choice,
    label: choice === 'off' ? t('off') : <>{t(choice)} · <bdi dir="ltr">{`\u2212${-TARGET_LUFS[choice]} LUFS`}</bdi></>,
    testId: `loudness-${choice}`,
  }));
}

/** "Normalise loudness": as the source has it, or to a streaming, podcast or broadcast target. */
export function LoudnessSelect({ id, value, onChange, className, disabled }: {
  id: string; value: LoudnessChoice; onChange: (value: LoudnessChoice) => void; className?: string; disabled?: boolean;
}) {
  const t = useTranslations('Loudness');
  const choices = useLoudnessChoices();
  return (
    <div className={className ?? 'grid gap-1.5'}>
      <Label htmlFor={id}>{t('label')}</Label>
      <ChoiceSelect id={id} testId="loudness-select" value={value} onValueChange={(next) => onChange(next as LoudnessChoice)} choices={choices} disabled={disabled} />
    </div>
  );
}
