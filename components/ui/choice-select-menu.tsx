'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import type { DeferredMenuProps } from '@/components/ui/deferred-menu';
import { cn } from '@/lib/cn';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export interface Choice {
  value: string;
  label: ReactNode;
  disabled?: boolean;
  testId?: string;
}

export interface ChoiceSelectProps {
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
  'aria-describedby'?: string;
}

/** The select itself (the menu primitive's code comes with it): what ChoiceSelect mounts once the visitor reaches for it. */
export default function ChoiceSelectMenu({
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
  'aria-describedby': describedBy,
  defaultOpen,
  focusTrigger,
}: ChoiceSelectProps & DeferredMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger) trigger.current?.focus();
  }, [focusTrigger]);
  return (
    <Select name={name} value={value} defaultValue={defaultValue} onValueChange={onValueChange} disabled={disabled} defaultOpen={defaultOpen}>
      <SelectTrigger
        ref={trigger}
        id={id}
        data-testid={testId}
        aria-label={ariaLabel}
        aria-describedby={describedBy}
        className={cn('text-start', className)}
      >
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
