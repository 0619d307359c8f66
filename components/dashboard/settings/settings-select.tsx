'use client';

import { ChoiceSelect } from '@/components/ui/choice-select';
import { Label } from '@/components/ui/input';

/** A labelled select whose options are plain strings (Radix items must not be empty). */
export function SettingsSelect({
  id,
  label,
  hint,
  value,
  options,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <ChoiceSelect
        id={id}
        testId={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        value={value}
        onValueChange={onChange}
        disabled={disabled}
        choices={options}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
