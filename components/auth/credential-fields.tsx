import { Input, Label } from '@/components/ui/input';

/** The email + password pair both account forms share; ids and test ids are prefixed by the form. */
export function CredentialFields({
  prefix,
  labels,
  passwordAutoComplete,
  passwordPlaceholder,
  passwordHint,
  minLength,
  disabled,
}: {
  prefix: 'login' | 'register';
  labels: { email: string; password: string; emailPlaceholder: string };
  passwordAutoComplete: 'current-password' | 'new-password';
  passwordPlaceholder?: string;
  passwordHint?: string;
  minLength?: number;
  disabled?: boolean;
}) {
  const hintId = passwordHint ? `${prefix}-password-hint` : undefined;
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={`${prefix}-email`}>{labels.email}</Label>
        <Input
          id={`${prefix}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder={labels.emailPlaceholder}
          disabled={disabled}
          data-testid={`${prefix}-email`}
          dir="ltr"
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${prefix}-password`}>{labels.password}</Label>
        <Input
          id={`${prefix}-password`}
          name="password"
          type="password"
          required
          minLength={minLength}
          autoComplete={passwordAutoComplete}
          placeholder={passwordPlaceholder}
          aria-describedby={hintId}
          disabled={disabled}
          data-testid={`${prefix}-password`}
        />
        {passwordHint && (
          <p id={hintId} className="text-xs text-muted-foreground">
            {passwordHint}
          </p>
        )}
      </div>
    </>
  );
}
