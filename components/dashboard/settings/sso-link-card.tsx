import { getTranslations } from 'next-intl/server';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckCircle2 } from '@/components/ui/icons';
import { SsoLinkButton } from './sso-link-button';

/** What a link just made left in the settings page's address: `?sso=linked`, or `?sso_error=<code>`. */
export interface SsoOutcome {
  linked: boolean;
  error?: string;
}

/**
 * Single sign-on on the settings page (drawn when an identity provider is configured): whether the signed-in account
 * is linked to it ("Linked to <provider>"), else its owner's "Link <provider>" button. An account made through the
 * provider shows as linked.
 */
export async function SsoLinkCard({ name, linked, outcome }: { name: string; linked: boolean; outcome: SsoOutcome }) {
  const [t, tErrors] = await Promise.all([getTranslations('Settings'), getTranslations('Errors')]);
  // Only codes we have words for: the query string is anyone's to write.
  const error = outcome.error && tErrors.has(outcome.error) ? tErrors(outcome.error) : null;
  return (
    <Card data-testid="sso-card">
      <CardHeader>
        <CardTitle>{t('sso.title')}</CardTitle>
        <CardDescription>{t('sso.description', { name })}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {error && (
          <p role="alert" data-testid="sso-error" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {error}
          </p>
        )}
        {linked && outcome.linked && (
          <p role="status" className="rounded-md border border-border bg-muted px-3 py-2 text-sm">
            {t('sso.linkedNow', { name })}
          </p>
        )}
        {linked ? (
          <p className="flex items-center gap-2 text-sm font-medium" data-testid="sso-linked">
            <CheckCircle2 className="h-4 w-4 text-success" aria-hidden />
            {t('sso.linked', { name })}
          </p>
        ) : (
          <SsoLinkButton label={t('sso.link', { name })} />
        )}
      </CardContent>
    </Card>
  );
}
