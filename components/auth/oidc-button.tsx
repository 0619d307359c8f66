import { KeyRound } from '@/components/ui/icons';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * "Sign in with <provider>": a plain link, since the sign-in leaves this site for the provider and comes back to
 * /api/auth/oidc/callback. What the visitor was doing (`from`), the page's language and an invite or setup token
 * travel through the start route.
 */
export function OidcButton({ label, params }: { label: string; params: Record<string, string | undefined> }) {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return (
    <a href={`/api/auth/oidc/start?${query}`} className={cn(buttonClasses('outline', 'md'), 'w-full')} data-testid="oidc-sign-in">
      <KeyRound className="h-4 w-4" aria-hidden />
      {label}
    </a>
  );
}

/** A line between the provider's button and the password form. */
export function OrDivider({ label }: { label: string }) {
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden>
      <span className="h-px flex-1 bg-border" />
      {label}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

/** A sentence the page must say before anything else (a refused sign-in, closed registration). */
export function AuthNotice({ children, tone = 'error' }: { children: string; tone?: 'error' | 'info' }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid="auth-notice"
      className={cn(
        'mb-4 rounded-md border px-3 py-2 text-sm',
        tone === 'error' ? 'border-destructive/40 bg-destructive/10 text-destructive' : 'border-border bg-muted text-foreground',
      )}
    >
      {children}
    </p>
  );
}
