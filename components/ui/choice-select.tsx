'use client';

import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export interface Choice {
  value: string;
  label: ReactNode;
  disabled?: boolean;
  testId?: string;
}

/**
 * The site's one select, for a short list of choices: the custom (Radix) menu every other select uses, in the
 * page's direction, with the browser's form field kept (`name`) so a form's data carries the choice. `id` goes
 * on the trigger, so a `<label htmlFor>` names it. Values are non-empty strings; `placeholder` shows while none is
 * chosen.
 */
export function ChoiceSelect({
  id,
  name,
  value,
  defaultValue,
  onValueChange,
  choices,
  disabled,
  placeholder,
  className,
  testId,
  'aria-label': ariaLabel,
}: {
  id?: string;
  name?: string;
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  choices: Choice[];
  disabled?: boolean;
  placeholder?: ReactNode;
  className?: string;
  testId?: string;
  'aria-label'?: string;
}) {
  return (
    <Select name={name} value={value} defaultValue={defaultValue} onValueChange={onValueChange} disabled={disabled}>
      <SelectTrigger id={id} data-testid={testId} aria-label={ariaLabel} className={cn('text-start', className)}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {choices.map((choice) => (
          <SelectItem key={choice.value} value={choice.value} disabled={choice.disabled} data-testid={choice.testId}>
            {choice.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
