'use client';

import { useTranslations } from 'next-intl';
import { cn } from '@/lib/cn';
import type { Preset } from '@/lib/presets/schemas';

const CUSTOM = '';

/**
 * A choice of the user's presets that fills the download choices beside it (which stay free to change): "Custom"
 * until one is picked; a preset `usable` refuses is listed, disabled, with `unusableNote`. A native select: the
 * browser's own list, keyboard and direction.
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
      <select
        id={id}
        data-testid="preset-picker"
        value={value ?? CUSTOM}
        disabled={disabled}
        onChange={(event) => {
          const preset = presets.find((candidate) => candidate.id === event.target.value);
          if (preset) onPick(preset);
        }}
        className={cn(
          'h-10 w-full cursor-pointer rounded-md border border-input bg-card pe-8 ps-3 text-sm sm:w-72',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60',
        )}
      >
        <option value={CUSTOM} disabled>
          {t('custom')}
        </option>
        {presets.map((preset) => {
          const allowed = usable?.(preset) ?? true;
          const notes = [preset.isDefault ? t('default') : '', allowed ? '' : (unusableNote ?? '')].filter(Boolean);
          return (
            <option key={preset.id} value={preset.id} disabled={!allowed} data-testid="preset-option">
              {notes.length > 0 ? `${preset.name} (${notes.join(', ')})` : preset.name}
            </option>
          );
        })}
      </select>
    </div>
  );
}
