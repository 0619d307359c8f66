'use client';

import { useTranslations } from 'next-intl';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { cn } from '@/lib/cn';
import type { Preset } from '@/lib/presets/schemas';

const CUSTOM = '';

/**
 * A choice of the user's presets that fills the download choices beside it (which stay free to change): "Custom"
 * until one is picked; a preset `usable` refuses is listed, disabled, with `unusableNote`. The site's one select.
 */
export function PresetPicker({
  presets,
  value,
  onPick,
  usable,
  unusableNote,
  disabled,
  id = 'preset-picker',
  className,
}: {
  presets: Preset[];
  value: string | null;
  onPick: (preset: Preset) => void;
  usable?: (preset: Preset) => boolean;
  unusableNote?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
}) {
  const t = useTranslations('Presets');
  if (presets.length === 0) return null;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-start">
        {t('picker')}
      </label>
      <ChoiceSelect
        id={id}
        testId="preset-picker"
        value={value ?? CUSTOM}
        disabled={disabled}
        placeholder={t('custom')}
        className="sm:w-72"
        onValueChange={(next) => {
          const preset = presets.find((candidate) => candidate.id === next);
          if (preset) onPick(preset);
        }}
        choices={presets.map((preset) => {
          const allowed = usable?.(preset) ?? true;
          const notes = [preset.isDefault ? t('default') : '', allowed ? '' : (unusableNote ?? '')].filter(Boolean);
          return { value: preset.id, disabled: !allowed, testId: 'preset-option', label: notes.length > 0 ? `${preset.name} (${notes.join(', ')})` : preset.name };
        })}
      />
    </div>
  );
}
