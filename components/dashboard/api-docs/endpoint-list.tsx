import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import type { OpenApiDocument } from '@/lib/openapi/document';
import { publicEndpoints } from '@/lib/openapi/endpoint-docs';
import { CodeBlock } from './code-block';
import { inlineCode } from './inline-code';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * One card per public operation of the OpenAPI document: its method, path and examples come from there, so the page
 * cannot drift from /api/openapi.json. Only the description is ours, from the messages, because the document is English.
 */
export function EndpointList({ doc }: { doc: OpenApiDocument }) {
  const t = useTranslations('ApiDocs');
  return (
    <div className="grid gap-4">
      {publicEndpoints(doc).map((endpoint) => (
        <Card key={endpoint.id} data-testid={`endpoint-${endpoint.id}`}>
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2" dir="ltr">
              <Badge
                className={cn(
                  'border-transparent font-mono',
                  endpoint.method === 'GET' ? 'bg-success/15 text-success-ink' : 'bg-primary/15 text-primary-ink',
                )}
              >
                {endpoint.method}
              </Badge>
              <code className="font-mono text-sm font-semibold break-all">{endpoint.path}</code>
            </div>
            <CardDescription>{t.rich(`endpoints.${endpoint.id}`, { code: inlineCode })}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {endpoint.request !== undefined && <CodeBlock label={t('request')} code={json(endpoint.request)} />}
            {endpoint.response !== undefined && <CodeBlock label={t('response')} code={json(endpoint.response)} />}
            {endpoint.file && (
              <p className="text-sm text-muted-foreground">
                {t('responseFile')} <bdi>{inlineCode(endpoint.file)}</bdi>
              </p>
            )}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
