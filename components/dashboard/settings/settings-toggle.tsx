import { cn } from '@/lib/cn';

/**
 * A setting that is on or off, beside the settings' selects: its label and hint, and a switch (button
 * role="switch", named and described by them) whose thumb moves toward the end side, so it mirrors in RTL.
 */
export function SettingsToggle({
  id,
  label,
  hint,
  checked,
  onChange,
  disabled,
  testId,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-4 sm:col-span-2">
      <div className="space-y-1">
        <p id={`${id}-label`} className="text-sm font-medium">
          {label}
        </p>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full p-0.5 transition disabled:cursor-not-allowed disabled:opacity-50',
          checked ? 'justify-end bg-primary' : 'justify-start bg-input',
        )}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        data-testid={testId}
      >
        <span className="h-5 w-5 rounded-full bg-white shadow-sm" />
      </button>
    </div>
  );
}
