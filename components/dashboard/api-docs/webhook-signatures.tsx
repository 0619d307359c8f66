import { useTranslations } from 'next-intl';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CodeBlock } from './code-block';
import { inlineCode } from './inline-code';
import { CopyCodeButton } from './copy-code-button';
import { WEBHOOK_SIGNATURE_SNIPPET } from './webhook-signature-snippet';

/** How a receiver checks that a webhook delivery came from this server, with a Node.js example to copy. */
export function WebhookSignatures() {
  const t = useTranslations('ApiDocs.webhookSignatures');
  return (
    <Card id="webhook-signatures" data-testid="webhook-signatures">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t.rich('description', { code: inlineCode })}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <CodeBlock label={t('header')} code={'Grabline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>'} />
        <p className="text-sm text-muted-foreground">{t.rich('steps', { code: inlineCode })}</p>
        <CodeBlock code={WEBHOOK_SIGNATURE_SNIPPET} label={t('snippet')} action={<CopyCodeButton code={WEBHOOK_SIGNATURE_SNIPPET} />} />
      </CardContent>
    </Card>
  );
}
