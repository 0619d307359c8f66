import { cn } from '@/lib/cn';

/** An on/off switch (button role="switch"); the thumb moves toward the end side, so it mirrors in RTL. */
export function ToggleSwitch({
  checked,
  onCheckedChange,
  id,
  disabled,
  ...aria
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  id?: string;
  disabled?: boolean;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'data-testid'?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full p-0.5 transition disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'justify-end bg-primary' : 'justify-start bg-input',
      )}
      {...aria}
    >
      <span className="h-5 w-5 rounded-full bg-white shadow-sm" />
    </button>
  );
}
