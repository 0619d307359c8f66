import { Input, Label } from '@/components/ui/input';

/** The invite code or setup token a registration carries; prefilled from the link the visitor followed. */
export function AdmissionField({
  name,
  label,
  hint,
  defaultValue,
  required,
  disabled,
}: {
  name: 'invite' | 'setupToken';
  label: string;
  hint: string;
  defaultValue?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const id = `register-${name}`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type="text"
        required={required}
        autoComplete="off"
        spellCheck={false}
        defaultValue={defaultValue}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        data-testid={id}
        dir="ltr"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
