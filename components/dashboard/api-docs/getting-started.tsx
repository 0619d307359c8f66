import { useTranslations } from 'next-intl';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Link } from '@/lib/i18n/navigation';
import { CodeBlock } from './code-block';

const STEPS = ['token', 'header', 'limits'] as const;

/** Three steps from no token to a first call, plus the base URL and the auth header. */
export function GettingStarted({ baseUrl }: { baseUrl: string }) {
  const t = useTranslations('ApiDocs');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('gettingStarted.title')}</CardTitle>
        <CardDescription>{t('gettingStarted.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
        <ol className="space-y-4">
          {STEPS.map((step, index) => (
            <li key={step} className="flex gap-3">
              <span className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <span className="space-y-1 text-sm">
                <span className="block font-medium">{t(`gettingStarted.${step}.title`)}</span>
                <span className="block text-muted-foreground">
                  {t.rich(`gettingStarted.${step}.body`, {
                    settings: (chunks) => (
                      <Link href={{ pathname: '/dashboard/settings', query: { tab: 'api' } }} className="font-medium text-primary hover:underline">
                        {chunks}
                      </Link>
                    ),
                  })}
                </span>
              </span>
            </li>
          ))}
        </ol>
        <div className="space-y-3">
          <CodeBlock label={t('gettingStarted.baseUrl')} code={`${baseUrl}/api/media`} />
          <CodeBlock label={t('gettingStarted.authHeader')} code="Authorization: Bearer gl_…" />
        </div>
      </CardContent>
    </Card>
  );
}
