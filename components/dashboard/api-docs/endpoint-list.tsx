import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { API_ENDPOINTS, json } from './api-endpoints';
import { CodeBlock } from './code-block';

/** One card per endpoint: method, path, what it does, request and response bodies. */
export function EndpointList() {
  const t = useTranslations('ApiDocs');
  return (
    <div className="grid gap-4">
      {API_ENDPOINTS.map((endpoint) => (
        <Card key={endpoint.id} data-testid={`endpoint-${endpoint.id}`}>
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2" dir="ltr">
              <Badge
                className={cn(
                  'border-transparent font-mono',
                  endpoint.method === 'GET' ? 'bg-success/15 text-success' : 'bg-primary/15 text-primary',
                )}
              >
                {endpoint.method}
              </Badge>
              <code className="font-mono text-sm font-semibold break-all">{endpoint.path}</code>
            </div>
            <CardDescription>{t(`endpoints.${endpoint.id}`)}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {endpoint.request !== undefined && <CodeBlock label={t('request')} code={json(endpoint.request)} />}
            <CodeBlock label={t('response')} code={json(endpoint.response)} />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
